import type { ReviewMonitoring, ReviewSyncErrorCode } from '@careloop/contracts/dashboard';

export type ReviewSyncRow = {
  provider: 'trustpilot' | 'google';
  lastSuccessAt: string | null;
  failingSince: string | null;
  errorCode: ReviewSyncErrorCode | null;
};

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Review Monitoring is active only when every connected source's latest sync succeeded. A failing
 * source wins over working ones (the oldest failure first): the clinic is missing its reviews.
 */
export function reviewMonitoringOf(isConfigured: boolean, syncs: readonly ReviewSyncRow[]): ReviewMonitoring {
  const none = { lastSuccessAt: null, failingSince: null, failingProvider: null, errorCode: null };
  if (!isConfigured) return { state: 'notConfigured', ...none };
  const lastSuccessAt =
    syncs
      .map((s) => iso(s.lastSuccessAt))
      .filter((at): at is string => at !== null)
      .sort()
      .at(-1) ?? null;
  const failing = syncs
    .filter((s) => s.failingSince !== null)
    .sort((a, b) => Date.parse(a.failingSince!) - Date.parse(b.failingSince!))[0];
  if (failing) {
    return {
      state: 'failing',
      lastSuccessAt,
      failingSince: iso(failing.failingSince),
      failingProvider: failing.provider,
      errorCode: failing.errorCode ?? 'INTERNAL_ERROR',
    };
  }
  if (lastSuccessAt === null) return { state: 'pending', ...none };
  return { state: 'active', ...none, lastSuccessAt };
}
