import type { AnalyticsAdvancedKpis, AnalyticsHeadline, AnalyticsRate } from '@careloop/contracts/analytics';
import { shareOf } from './analytics-format';

/** The KPIs the page explains, each with its texts under `analytics:kpis`. */
type KpiKey = keyof typeof import('../../i18n/en/analytics.json')['kpis'];

/** How a KPI's value reads: a share, a duration, a count, a score (-100..100) or a star rating. */
type KpiKind = 'rate' | 'hours' | 'count' | 'score' | 'rating';

/** Which way is good news; null when neither is (more reviews is not better or worse in itself). */
type KpiDirection = 'higher' | 'lower' | null;

export type Kpi = {
  /** Its label and definition are `analytics:kpis.<key>.label` / `.definition`. */
  key: KpiKey;
  kind: KpiKind;
  better: KpiDirection;
  current: number | null;
  previous: number | null;
  /** A line under the value, `analytics:kpis.<key>.detail` with these values; none when absent. */
  detail?: Record<string, number>;
};

export type KpiTrend = 'better' | 'worse' | 'same' | 'changed';

/**
 * The change from the previous period: percentage points for a share, the KPI's own unit
 * otherwise, to one decimal. Null when either period has no value.
 */
export function kpiChange(kpi: Kpi): { delta: number; trend: KpiTrend } | null {
  if (kpi.current === null || kpi.previous === null) return null;
  const raw = kpi.kind === 'rate' ? (kpi.current - kpi.previous) * 100 : kpi.current - kpi.previous;
  const delta = Math.round(raw * 10) / 10;
  if (delta === 0) return { delta: 0, trend: 'same' };
  if (kpi.better === null) return { delta, trend: 'changed' };
  return { delta, trend: delta > 0 === (kpi.better === 'higher') ? 'better' : 'worse' };
}

// `count` is the denominator too, for a translation that agrees with it ("1 unhappy patient").
const rateDetail = (rate: AnalyticsRate) => ({
  numerator: rate.numerator,
  denominator: rate.denominator,
  count: rate.denominator,
});

/** The first row, on every plan: NPS and survey response rate. */
export function headlineKpis(
  current: AnalyticsHeadline,
  previous: AnalyticsHeadline,
): { nps: Kpi; surveyResponseRate: Kpi } {
  return {
    nps: {
      key: 'nps',
      kind: 'score',
      better: 'higher',
      current: current.nps.score,
      previous: previous.nps.score,
      detail: { count: current.nps.responses },
    },
    surveyResponseRate: {
      key: 'surveyResponseRate',
      kind: 'rate',
      better: 'higher',
      current: shareOf(current.surveyResponseRate),
      previous: shareOf(previous.surveyResponseRate),
      detail: rateDetail(current.surveyResponseRate),
    },
  };
}

/** No survey was sent or answered in the period: the first row says so rather than showing zeros. */
export function hasNoSurveys(headline: AnalyticsHeadline): boolean {
  return headline.nps.responses === 0 && headline.surveyResponseRate.denominator === 0;
}

type Periods = { current: AnalyticsAdvancedKpis; previous: AnalyticsAdvancedKpis };

/** Do we reach unhappy patients fast, and win them back? */
export function recoveryKpis({ current, previous }: Periods): Kpi[] {
  return [
    {
      key: 'recoveryRate',
      kind: 'rate',
      better: 'higher',
      current: shareOf(current.recoveryRate),
      previous: shareOf(previous.recoveryRate),
      detail: rateDetail(current.recoveryRate),
    },
    {
      key: 'lowRatingAnswered',
      kind: 'rate',
      better: 'higher',
      current: shareOf(current.reviews.lowRatingAnsweredRate),
      previous: shareOf(previous.reviews.lowRatingAnsweredRate),
      detail: rateDetail(current.reviews.lowRatingAnsweredRate),
    },
    {
      key: 'firstReplyHours',
      kind: 'hours',
      better: 'lower',
      current: current.reviews.medianHoursToFirstReply,
      previous: previous.reviews.medianHoursToFirstReply,
    },
    {
      key: 'firstContactHours',
      kind: 'hours',
      better: 'lower',
      current: current.reviews.medianHoursToFirstContact,
      previous: previous.reviews.medianHoursToFirstContact,
    },
  ];
}

export function reviewKpis({ current, previous }: Periods): Kpi[] {
  return [
    {
      key: 'newReviews',
      kind: 'count',
      better: null,
      current: current.reviews.total.count,
      previous: previous.reviews.total.count,
    },
    {
      key: 'averageRating',
      kind: 'rating',
      better: 'higher',
      current: current.reviews.total.averageRating,
      previous: previous.reviews.total.averageRating,
    },
  ];
}

export function caseKpis({ current, previous }: Periods): Kpi[] {
  const open = (kpis: AnalyticsAdvancedKpis) =>
    kpis.cases.openBySeverity.high + kpis.cases.openBySeverity.medium + kpis.cases.openBySeverity.low;
  return [
    {
      key: 'resolveHours',
      kind: 'hours',
      better: 'lower',
      current: current.cases.medianHoursToResolve,
      previous: previous.cases.medianHoursToResolve,
      detail: { count: current.cases.resolved },
    },
    {
      key: 'slaMet',
      kind: 'rate',
      better: 'higher',
      current: shareOf(current.cases.slaMetRate),
      previous: shareOf(previous.cases.slaMetRate),
      detail: rateDetail(current.cases.slaMetRate),
    },
    {
      key: 'openCases',
      kind: 'count',
      better: 'lower',
      current: open(current),
      previous: open(previous),
      detail: { ...current.cases.openBySeverity },
    },
  ];
}

export function followUpKpis({ current, previous }: Periods): Kpi[] {
  return [
    {
      key: 'deliveryRate',
      kind: 'rate',
      better: 'higher',
      current: shareOf(current.followUps.deliveryRate),
      previous: shareOf(previous.followUps.deliveryRate),
      detail: rateDetail(current.followUps.deliveryRate),
    },
    {
      key: 'replyRate',
      kind: 'rate',
      better: 'higher',
      current: shareOf(current.followUps.replyRate),
      previous: shareOf(previous.followUps.replyRate),
      detail: rateDetail(current.followUps.replyRate),
    },
    {
      key: 'optOuts',
      kind: 'count',
      better: 'lower',
      current: current.followUps.optOuts,
      previous: previous.followUps.optOuts,
    },
  ];
}

/** Nothing at all happened in the period: the page shows one plain note instead of empty charts. */
export function isQuietPeriod(kpis: AnalyticsAdvancedKpis): boolean {
  return (
    kpis.reviews.total.count === 0 &&
    kpis.cases.opened === 0 &&
    kpis.cases.resolved === 0 &&
    kpis.followUps.sent === 0 &&
    kpis.recoveryRate.denominator === 0
  );
}
