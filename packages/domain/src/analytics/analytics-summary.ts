import {
  type AnalyticsPeriod,
  bucketOfDate,
  type Granularity,
  isDayWithin,
  periodBuckets,
} from './analytics-period';
import { type AnalyticsRows, procedureBreakdowns, staffBreakdowns } from './breakdowns';
import { type CasePeriodFacts, caseKpis } from './case-kpis';
import { followUpsPerChannel, followUpTotals, type OptOutRow } from './follow-up-kpis';
import { averageOf } from './kpi-math';
import { recoveryRate } from './recovery-kpis';
import { type ReviewDelays, reviewKpis } from './review-kpis';
import { npsOf, npsOfCounts, surveyResponseRate } from './survey-kpis';

/** What the database measured per period that daily counts cannot give (medians, open at the end). */
export type PeriodFacts = { reviews: ReviewDelays; cases: CasePeriodFacts };

export type AnalyticsInput = AnalyticsRows & {
  optOuts: readonly OptOutRow[];
  periods: { current: AnalyticsPeriod; previous: AnalyticsPeriod; granularity: Granularity };
  facts: { current: PeriodFacts; previous: PeriodFacts };
  timeZone: string;
  hasAdvancedAnalytics: boolean;
  /** Owners and admins see the per-staff breakdown. */
  canSeeStaff: boolean;
};

function headline(input: AnalyticsInput, period: AnalyticsPeriod) {
  return {
    nps: npsOf(input.surveyScores, period),
    surveyResponseRate: surveyResponseRate(input.surveysSent, period),
  };
}

function advanced(input: AnalyticsInput, period: AnalyticsPeriod, facts: PeriodFacts) {
  const perChannel = followUpsPerChannel(input.followUps, input.optOuts, period);
  return {
    reviews: reviewKpis(input.reviews, facts.reviews, period),
    cases: caseKpis(input.cases, facts.cases, period),
    recoveryRate: recoveryRate(input.signals, input.resolutions, period),
    followUps: followUpTotals(perChannel),
  };
}

/** The period per day (or week): every row is counted per local day already, so a bucket sums days. */
function series(input: AnalyticsInput) {
  const { current, granularity } = input.periods;
  const points = new Map(
    periodBuckets(current, granularity).map((start) => [
      start,
      {
        start,
        scores: [] as { score: number; count: number }[],
        reviews: 0,
        stars: 0,
        casesOpened: 0,
        casesResolved: 0,
        followUpsSent: 0,
        followUpsDelivered: 0,
        replies: 0,
      },
    ]),
  );
  const at = (day: string) =>
    isDayWithin(current, day) ? points.get(bucketOfDate(day, granularity)) : undefined;
  for (const row of input.surveyScores) at(row.day)?.scores.push(row);
  for (const row of input.reviews) {
    const point = at(row.day);
    if (!point) continue;
    point.reviews += row.count;
    point.stars += row.rating * row.count;
  }
  for (const row of input.cases) {
    const point = at(row.day);
    if (!point) continue;
    if (row.kind === 'opened') point.casesOpened += row.count;
    else point.casesResolved += row.count;
  }
  for (const row of input.followUps) {
    const point = at(row.day);
    if (!point) continue;
    point.followUpsSent += row.sent;
    point.followUpsDelivered += row.delivered;
    point.replies += row.replied;
  }
  return {
    granularity,
    points: [...points.values()].map(({ scores, stars, ...point }) => {
      const nps = npsOfCounts(scores);
      return {
        ...point,
        npsScore: nps.score,
        surveyResponses: nps.responses,
        averageRating: averageOf(stars, point.reviews),
      };
    }),
  };
}

/**
 * The analytics page's answer. Plans without advanced analytics get the first row only; the rows
 * given should cover both periods (and, for recovery, what happened after them up to now).
 */
export function analyticsSummary(input: AnalyticsInput) {
  const { current, previous } = input.periods;
  const period = (p: AnalyticsPeriod) => ({ from: p.from, to: p.to });
  const base = {
    period: period(current),
    previousPeriod: period(previous),
    timeZone: input.timeZone,
    hasAdvancedAnalytics: input.hasAdvancedAnalytics,
    headline: { current: headline(input, current), previous: headline(input, previous) },
  };
  if (!input.hasAdvancedAnalytics) return { ...base, advanced: null, breakdowns: null, series: null };
  return {
    ...base,
    advanced: {
      current: advanced(input, current, input.facts.current),
      previous: advanced(input, previous, input.facts.previous),
    },
    breakdowns: {
      perProcedure: procedureBreakdowns(input, current),
      perStaff: input.canSeeStaff ? staffBreakdowns(input.cases, input.facts.current.cases, current) : null,
      perChannel: followUpsPerChannel(input.followUps, input.optOuts, current),
    },
    series: series(input),
  };
}
