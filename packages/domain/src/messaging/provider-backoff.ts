// How long a clinic's sends through one provider wait after that provider answered "too many
// requests" (Twilio 429/20429, WhatsApp 429 code 4 or 80007/130429, SNS Throttling, Vonage status
// 1). Shared by every message of the clinic on that provider, so a storm delays them and none fails.

export const providerBackoff = {
  /** The first wait when the provider names none. */
  baseMs: 30_000,
  /** No wait is longer, whatever Retry-After says (an HTTP date far ahead, a provider's bug). */
  maxMs: 15 * 60_000,
} as const;

/**
 * The provider's own Retry-After when it gave one, else exponential: 30 s, 1, 2, 4, 8 min, then 15
 * (`strikes`: the 429s in a row before this one, cleared by a send that goes through).
 */
export function rateLimitWaitMs(retryAfterMs: number | null, strikes: number): number {
  if (retryAfterMs !== null && retryAfterMs > 0) return Math.min(providerBackoff.maxMs, retryAfterMs);
  return Math.min(providerBackoff.maxMs, providerBackoff.baseMs * 2 ** Math.max(0, strikes));
}
