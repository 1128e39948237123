import { type AnalyticsPeriod, isWithin } from './analytics-period';
import { type Rate, rateOf } from './kpi-math';

/** What a patient did, as recovery reads it. */
export type PatientSignal = {
  patientId: string;
  at: Date;
  /** unhappy: a 1-3 star review, a detractor score, a negative or clinical reply; happy: a score >= 9 or a 4-5 star review. */
  kind: 'unhappy' | 'happy';
  procedure: string | null;
};

export type CaseResolution = { patientId: string; resolvedAt: Date };

/**
 * Of the patients unhappy in the period, the share won back: a case of theirs was resolved after
 * they were first unhappy in the period, and they were happy after that resolution (up to now).
 */
export function recoveryRate(
  signals: readonly PatientSignal[],
  resolutions: readonly CaseResolution[],
  period: AnalyticsPeriod,
): Rate {
  const firstUnhappy = new Map<string, number>();
  for (const signal of signals) {
    if (signal.kind !== 'unhappy' || !isWithin(period, signal.at)) continue;
    const known = firstUnhappy.get(signal.patientId);
    if (known === undefined || signal.at.getTime() < known)
      firstUnhappy.set(signal.patientId, signal.at.getTime());
  }
  let recovered = 0;
  for (const [patientId, unhappyAt] of firstUnhappy) {
    const resolvedAt = resolutions
      .filter((r) => r.patientId === patientId && r.resolvedAt.getTime() >= unhappyAt)
      .map((r) => r.resolvedAt.getTime())
      .sort((a, b) => a - b)[0];
    if (resolvedAt === undefined) continue;
    const happyAfter = signals.some(
      (s) => s.patientId === patientId && s.kind === 'happy' && s.at.getTime() >= resolvedAt,
    );
    if (happyAfter) recovered += 1;
  }
  return rateOf(recovered, firstUnhappy.size);
}
