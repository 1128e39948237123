import { type AnalyticsPeriod, isWithin } from './analytics-period';
import { type CaseRow, medianHoursToResolve, slaMetRate } from './case-kpis';
import type { FollowUpCountRow } from './follow-up-kpis';
import type { Rate } from './kpi-math';
import { type CaseResolution, type PatientSignal, recoveryRate } from './recovery-kpis';
import { isLowRating, type ReviewRow } from './review-kpis';
import { type NpsSummary, npsOf, type SurveyRow } from './survey-kpis';

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
  surveys: readonly SurveyRow[];
  reviews: readonly ReviewRow[];
  cases: readonly CaseRow[];
  followUps: readonly FollowUpCountRow[];
  signals: readonly PatientSignal[];
  resolutions: readonly (CaseResolution & { procedure: string | null })[];
};

/** Every procedure seen in the period's rows, most follow-ups first, then by name. */
export function procedureBreakdowns(rows: AnalyticsRows, period: AnalyticsPeriod): ProcedureBreakdown[] {
  const procedures = new Set<string | null>();
  for (const list of [rows.surveys, rows.reviews, rows.cases, rows.followUps, rows.signals]) {
    for (const row of list) procedures.add(row.procedure);
  }
  const of = <T extends { procedure: string | null }>(list: readonly T[], procedure: string | null) =>
    list.filter((row) => row.procedure === procedure);
  const inPeriod = (day: string) => day >= period.from && day <= period.to;
  return [...procedures]
    .map((procedure) => ({
      procedure,
      followUpsSent: of(rows.followUps, procedure)
        .filter((row) => inPeriod(row.day))
        .reduce((sum, row) => sum + row.sent, 0),
      nps: npsOf(of(rows.surveys, procedure), period),
      lowRatingReviews: of(rows.reviews, procedure).filter(
        (review) => isLowRating(review.rating) && isWithin(period, review.writtenAt),
      ).length,
      casesOpened: of(rows.cases, procedure).filter((kase) => isWithin(period, kase.createdAt)).length,
      recoveryRate: recoveryRate(of(rows.signals, procedure), of(rows.resolutions, procedure), period),
    }))
    .filter((row) => row.followUpsSent + row.nps.responses + row.lowRatingReviews + row.casesOpened > 0)
    .sort(
      (a, b) =>
        b.followUpsSent - a.followUpsSent || (a.procedure ?? '\uffff').localeCompare(b.procedure ?? '\uffff'),
    );
}

/** Per case owner: cases opened and resolved in the period, how fast, and within the SLA. */
export function staffBreakdowns(cases: readonly CaseRow[], period: AnalyticsPeriod): StaffBreakdown[] {
  const owners = new Set(cases.map((kase) => kase.ownerUserId));
  return [...owners]
    .map((userId) => {
      const owned = cases.filter((kase) => kase.ownerUserId === userId);
      const resolved = owned.filter((kase) => isWithin(period, kase.resolvedAt));
      return {
        userId,
        casesOpened: owned.filter((kase) => isWithin(period, kase.createdAt)).length,
        casesResolved: resolved.length,
        medianHoursToResolve: medianHoursToResolve(resolved),
        slaMetRate: slaMetRate(resolved),
      };
    })
    .filter((row) => row.casesOpened + row.casesResolved > 0)
    .sort((a, b) => b.casesResolved - a.casesResolved || b.casesOpened - a.casesOpened);
}
