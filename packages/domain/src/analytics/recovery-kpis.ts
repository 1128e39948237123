import { type AnalyticsPeriod, isWithin } from './analytics-period';
import { type Rate, rateOf } from './kpi-math';

/** What a patient did, as recovery reads it. */
export type PatientSignal = {
  patientId: string;
  at: Date;
  /** unhappy: a 1-3 star review, a detractor score, a negative or clinical reply; happy: a score >= 9, a 4-5 star review or a positive reply. */
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
  period: Pick<AnalyticsPeriod, 'startMs' | 'endMs'>,
): Rate {
  const firstUnhappy = new Map<string, number>();
  for (const signal of signals) {
    if (signal.kind !== 'unhappy' || !isWithin(period, signal.at)) continue;
    const known = firstUnhappy.get(signal.patientId);
    if (known === undefined || signal.at.getTime() < known)
      firstUnhappy.set(signal.patientId, signal.at.getTime());
  }
  // Per patient, their resolutions and their happy moments: one pass over each list, not one per patient.
  const resolvedAts = new Map<string, number[]>();
  for (const r of resolutions) {
    if (firstUnhappy.has(r.patientId))
      resolvedAts.set(r.patientId, [...(resolvedAts.get(r.patientId) ?? []), r.resolvedAt.getTime()]);
  }
  const lastHappy = new Map<string, number>();
  for (const s of signals) {
    if (s.kind !== 'happy' || !firstUnhappy.has(s.patientId)) continue;
    lastHappy.set(s.patientId, Math.max(lastHappy.get(s.patientId) ?? -Infinity, s.at.getTime()));
  }
  let recovered = 0;
  for (const [patientId, unhappyAt] of firstUnhappy) {
    const after = (resolvedAts.get(patientId) ?? []).filter((at) => at >= unhappyAt);
    if (after.length === 0) continue;
    const resolvedAt = Math.min(...after);
    if ((lastHappy.get(patientId) ?? -Infinity) >= resolvedAt) recovered += 1;
  }
  return rateOf(recovered, firstUnhappy.size);
}
