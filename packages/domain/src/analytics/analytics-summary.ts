import {
  type AnalyticsPeriod,
  bucketOfDate,
  bucketOfInstant,
  type Granularity,
  isWithin,
  periodBuckets,
} from './analytics-period';
import { type AnalyticsRows, procedureBreakdowns, staffBreakdowns } from './breakdowns';
import { caseKpis } from './case-kpis';
import { followUpsPerChannel, followUpTotals, type OptOutRow } from './follow-up-kpis';
import { average } from './kpi-math';
import { recoveryRate } from './recovery-kpis';
import { reviewKpis } from './review-kpis';
import { npsOf, npsOfScores, surveyResponseRate } from './survey-kpis';

export type AnalyticsInput = AnalyticsRows & {
  optOuts: readonly OptOutRow[];
  periods: { current: AnalyticsPeriod; previous: AnalyticsPeriod; granularity: Granularity };
  timeZone: string;
  hasAdvancedAnalytics: boolean;
  /** Owners and admins see the per-staff breakdown. */
  canSeeStaff: boolean;
};

function headline(input: AnalyticsInput, period: AnalyticsPeriod) {
  return { nps: npsOf(input.surveys, period), surveyResponseRate: surveyResponseRate(input.surveys, period) };
}

function advanced(input: AnalyticsInput, period: AnalyticsPeriod) {
  const perChannel = followUpsPerChannel(input.followUps, input.optOuts, period);
  return {
    reviews: reviewKpis(input.reviews, period),
    cases: caseKpis(input.cases, period),
    recoveryRate: recoveryRate(input.signals, input.resolutions, period),
    followUps: followUpTotals(perChannel),
  };
}

function series(input: AnalyticsInput) {
  const { current, granularity } = input.periods;
  const tz = input.timeZone;
  const points = new Map(
    periodBuckets(current, granularity).map((start) => [
      start,
      {
        start,
        scores: [] as number[],
        ratings: [] as number[],
        casesOpened: 0,
        casesResolved: 0,
        followUpsSent: 0,
        followUpsDelivered: 0,
        replies: 0,
      },
    ]),
  );
  const at = (instant: Date) => points.get(bucketOfInstant(instant, granularity, tz));
  for (const survey of input.surveys) {
    if (survey.score !== null && survey.answeredAt && isWithin(current, survey.answeredAt)) {
      at(survey.answeredAt)?.scores.push(survey.score);
    }
  }
  for (const review of input.reviews) {
    if (isWithin(current, review.writtenAt)) at(review.writtenAt)?.ratings.push(review.rating);
  }
  for (const kase of input.cases) {
    if (isWithin(current, kase.createdAt)) {
      const point = at(kase.createdAt);
      if (point) point.casesOpened += 1;
    }
    if (kase.resolvedAt && isWithin(current, kase.resolvedAt)) {
      const point = at(kase.resolvedAt);
      if (point) point.casesResolved += 1;
    }
  }
  for (const row of input.followUps) {
    if (row.day < current.from || row.day > current.to) continue;
    const point = points.get(bucketOfDate(row.day, granularity));
    if (!point) continue;
    point.followUpsSent += row.sent;
    point.followUpsDelivered += row.delivered;
    point.replies += row.replied;
  }
  return {
    granularity,
    points: [...points.values()].map(({ scores, ratings, ...point }) => ({
      ...point,
      npsScore: npsOfScores(scores).score,
      surveyResponses: scores.length,
      reviews: ratings.length,
      averageRating: average(ratings),
    })),
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
    advanced: { current: advanced(input, current), previous: advanced(input, previous) },
    breakdowns: {
      perProcedure: procedureBreakdowns(input, current),
      perStaff: input.canSeeStaff ? staffBreakdowns(input.cases, current) : null,
      perChannel: followUpsPerChannel(input.followUps, input.optOuts, current),
    },
    series: series(input),
  };
}
