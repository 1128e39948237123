import { type AnalyticsPeriod, isWithin } from './analytics-period';
import { type Rate, rateOf } from './kpi-math';

/** What a patient did, as recovery reads it. */
export type PatientSignal = {
  patientId: string;
  at: Date;
  /** unhappy: a 1-3 star review, a detractor score, a negative or clinical reply; happy: a score >= 9, a 4-5 star review or a positive reply. */
  kind: 'unhappy' | 'happy';
  /**
   * The procedure the signal is about: a survey's own (the procedure surveyed), the patient's
   * (kept on reviews and alerts, ADR 021) for the others. Recovery per procedure reads it on the
   * unhappy signal that starts a patient's recovery only (`recoveryOutcomes`).
   */
  procedure: string | null;
};

export type CaseResolution = { patientId: string; resolvedAt: Date };

/** One patient unhappy in the period: where the unhappiness is counted, and whether they were won back. */
export type RecoveryOutcome = { patientId: string; procedure: string | null; recovered: boolean };

/** Procedures in order, no procedure last. */
const byProcedure = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a.localeCompare(b);

/** The earlier signal; at the same instant the one whose procedure sorts first, whatever the rows' order. */
const startsEarlier = (a: PatientSignal, b: PatientSignal) =>
  (a.at.getTime() - b.at.getTime() || byProcedure(a.procedure, b.procedure)) < 0;

/**
 * Each patient unhappy in the period, once: won back when a case of theirs was resolved after they
 * were first unhappy in the period and they were happy after that resolution (up to now), whatever
 * procedure the case or the happy signal is about. The procedure is the one of that first unhappy
 * signal (the signal that starts the recovery), so the patients split between procedures and the
 * per-procedure figures sum to the total.
 */
export function recoveryOutcomes(
  signals: readonly PatientSignal[],
  resolutions: readonly CaseResolution[],
  period: Pick<AnalyticsPeriod, 'startMs' | 'endMs'>,
): RecoveryOutcome[] {
  const firstUnhappy = new Map<string, PatientSignal>();
  for (const signal of signals) {
    if (signal.kind !== 'unhappy' || !isWithin(period, signal.at)) continue;
    const known = firstUnhappy.get(signal.patientId);
    if (known === undefined || startsEarlier(signal, known)) firstUnhappy.set(signal.patientId, signal);
  }
  // Per patient, their first resolution after the unhappiness and their last happy moment: one pass
  // over each list, not one per patient.
  const resolvedAt = new Map<string, number>();
  for (const r of resolutions) {
    const unhappy = firstUnhappy.get(r.patientId);
    const at = r.resolvedAt.getTime();
    if (unhappy === undefined || at < unhappy.at.getTime()) continue;
    resolvedAt.set(r.patientId, Math.min(resolvedAt.get(r.patientId) ?? Infinity, at));
  }
  const lastHappy = new Map<string, number>();
  for (const s of signals) {
    if (s.kind !== 'happy' || !firstUnhappy.has(s.patientId)) continue;
    lastHappy.set(s.patientId, Math.max(lastHappy.get(s.patientId) ?? -Infinity, s.at.getTime()));
  }
  return [...firstUnhappy].map(([patientId, unhappy]) => {
    const resolved = resolvedAt.get(patientId);
    return {
      patientId,
      procedure: unhappy.procedure,
      recovered: resolved !== undefined && (lastHappy.get(patientId) ?? -Infinity) >= resolved,
    };
  });
}

/** Of the patients unhappy in the period, the share won back (`recoveryOutcomes`). */
export function recoveryRate(
  signals: readonly PatientSignal[],
  resolutions: readonly CaseResolution[],
  period: Pick<AnalyticsPeriod, 'startMs' | 'endMs'>,
): Rate {
  return rateOfOutcomes(recoveryOutcomes(signals, resolutions, period));
}

/** The recovery rate of some patients' outcomes. */
export const rateOfOutcomes = (outcomes: readonly RecoveryOutcome[]): Rate =>
  rateOf(outcomes.filter((o) => o.recovered).length, outcomes.length);
