// When a failed delivery is tried again (reference/providers.md §7.2, Svix's schedule): after the
// first attempt, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, so 8 attempts over about 27.6 hours,
// each delay with up to 10 % jitter so that endpoints that failed together do not retry together.
// The deliver-webhooks job runs every minute, so the 5 s retry goes with the next run.

export const webhookRetryDelaysSeconds = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

/** Attempts a delivery gets before it is failed for good. */
export const maxWebhookAttempts = webhookRetryDelaysSeconds.length + 1;

/** The receiver's Retry-After is honoured up to a day. */
const maxRetryAfterSeconds = 24 * 3600;

/**
 * When to try again after `attemptsMade` failed attempts, or null when none is left. A Retry-After
 * longer than the schedule's delay wins.
 */
export function nextWebhookAttemptAt(input: {
  attemptsMade: number;
  now: Date;
  retryAfterSeconds?: number | null;
  random?: () => number;
}): Date | null {
  const delay = webhookRetryDelaysSeconds[input.attemptsMade - 1];
  if (delay === undefined) return null;
  const jittered = delay * (1 + 0.1 * (input.random ?? Math.random)());
  const asked = Math.min(input.retryAfterSeconds ?? 0, maxRetryAfterSeconds);
  return new Date(input.now.getTime() + Math.round(Math.max(jittered, asked) * 1000));
}
