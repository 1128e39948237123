import { type AnalyticsPeriod, isDayWithin } from './analytics-period';
import { type CaseDayRow, type CasePeriodFacts, caseCounts } from './case-kpis';
import type { FollowUpCountRow } from './follow-up-kpis';
import { type Rate, roundedHours } from './kpi-math';
import { type CaseResolution, type PatientSignal, rateOfOutcomes, recoveryOutcomes } from './recovery-kpis';
import { isLowRating, type ReviewDayRow } from './review-kpis';
import { type NpsSummary, npsOf, type SurveyScoreRow, type SurveySentRow } from './survey-kpis';

export type ProcedureBreakdown = {
  procedure: string | null;
  followUpsSent: number;
  nps: NpsSummary;
  lowRatingReviews: number;
  casesOpened: number;
  recoveryRate: Rate;
};

export type StaffBreakdown = {
  userId: string | null;
  casesOpened: number;
  casesResolved: number;
  medianHoursToResolve: number | null;
  slaMetRate: Rate;
};

export type AnalyticsRows = {
  surveysSent: readonly SurveySentRow[];
  surveyScores: readonly SurveyScoreRow[];
  reviews: readonly ReviewDayRow[];
  cases: readonly CaseDayRow[];
  followUps: readonly FollowUpCountRow[];
  signals: readonly PatientSignal[];
  resolutions: readonly CaseResolution[];
};

type Period = Pick<AnalyticsPeriod, 'from' | 'to' | 'startMs' | 'endMs'>;

const sumIn = <T extends { day: string }>(rows: readonly T[], period: Period, pick: (row: T) => number) =>
  rows.reduce((sum, row) => (isDayWithin(period, row.day) ? sum + pick(row) : sum), 0);

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * Every procedure with activity in the period, most follow-ups first, then by name. Follow-ups,
 * reviews and cases count under their patient's procedure, answers under the procedure surveyed.
 * Recovery is counted per patient, as the total is: a patient unhappy in the period counts under the
 * procedure of their first unhappy signal in it (the one that starts the recovery), won back or not
 * whatever procedure the resolved case or the happy signal is about; so the rows' recovery sums to
 * the total, and a procedure with an unhappy patient keeps its row even with nothing else in the period.
 */
export function procedureBreakdowns(rows: AnalyticsRows, period: Period): ProcedureBreakdown[] {
  const byProcedure = <T extends { procedure: string | null }>(list: readonly T[]) =>
    groupBy(list, (row) => row.procedure);
  const followUps = byProcedure(rows.followUps);
  const scores = byProcedure(rows.surveyScores);
  const reviews = byProcedure(rows.reviews);
  const cases = byProcedure(rows.cases);
  const recovery = byProcedure(recoveryOutcomes(rows.signals, rows.resolutions, period));
  const procedures = new Set([
    ...followUps.keys(),
    ...scores.keys(),
    ...reviews.keys(),
    ...cases.keys(),
    ...recovery.keys(),
  ]);
  return [...procedures]
    .map((procedure) => ({
      procedure,
      followUpsSent: sumIn(followUps.get(procedure) ?? [], period, (row) => row.sent),
      nps: npsOf(scores.get(procedure) ?? [], period),
      lowRatingReviews: sumIn(reviews.get(procedure) ?? [], period, (row) =>
        isLowRating(row.rating) ? row.count : 0,
      ),
      casesOpened: sumIn(cases.get(procedure) ?? [], period, (row) =>
        row.kind === 'opened' ? row.count : 0,
      ),
      recoveryRate: rateOfOutcomes(recovery.get(procedure) ?? []),
    }))
    .filter(
      (row) =>
        row.followUpsSent +
          row.nps.responses +
          row.lowRatingReviews +
          row.casesOpened +
          row.recoveryRate.denominator >
        0,
    )
    .sort(
      (a, b) =>
        b.followUpsSent - a.followUpsSent || (a.procedure ?? '\uffff').localeCompare(b.procedure ?? '\uffff'),
    );
}

/** Per case owner: cases opened and resolved in the period, how fast, and within the SLA. */
export function staffBreakdowns(
  cases: readonly CaseDayRow[],
  facts: Pick<CasePeriodFacts, 'hoursToResolvePerOwner'>,
  period: Period,
): StaffBreakdown[] {
  const hours = new Map(facts.hoursToResolvePerOwner.map((row) => [row.ownerUserId, row.hours]));
  return [...groupBy(cases, (row) => row.ownerUserId)]
    .map(([userId, owned]) => {
      const counts = caseCounts(owned, period);
      return {
        userId,
        casesOpened: counts.opened,
        casesResolved: counts.resolved,
        medianHoursToResolve: roundedHours(hours.get(userId) ?? null),
        slaMetRate: counts.slaMetRate,
      };
    })
    .filter((row) => row.casesOpened + row.casesResolved > 0)
    .sort((a, b) => b.casesResolved - a.casesResolved || b.casesOpened - a.casesOpened);
}
