import { npsCategory } from '../surveys/nps';
import { type AnalyticsPeriod, isDayWithin } from './analytics-period';
import { type Rate, rateOf } from './kpi-math';

// The database counts the survey requests per local day (of the clinic's zone) and procedure; the
// rules of what counts stay here.

/** Survey requests sent on one local day, and how many of those were answered (whenever the answer came). */
export type SurveySentRow = { day: string; procedure: string | null; sent: number; answered: number };

/** Answers given on one local day with one score (0-10). */
export type SurveyScoreRow = { day: string; procedure: string | null; score: number; count: number };

export type NpsSummary = {
  score: number | null;
  promoters: number;
  passives: number;
  detractors: number;
  responses: number;
};

type Period = Pick<AnalyticsPeriod, 'from' | 'to'>;

/** Math.round takes -12.5 to -12 and 12.5 to 13: mirror-image answers would score unlike. */
function roundHalfAwayFromZero(value: number): number {
  const whole = Math.round(Math.abs(value));
  return value < 0 && whole !== 0 ? -whole : whole;
}

/** NPS of counted scores: % promoters (9-10) minus % detractors (0-6), whole number, null for none. */
export function npsOfCounts(rows: readonly { score: number; count: number }[]): NpsSummary {
  const counts = { promoter: 0, passive: 0, detractor: 0 };
  for (const row of rows) counts[npsCategory(row.score)] += row.count;
  const responses = counts.promoter + counts.passive + counts.detractor;
  return {
    score:
      responses === 0
        ? null
        : roundHalfAwayFromZero(((counts.promoter - counts.detractor) / responses) * 100),
    promoters: counts.promoter,
    passives: counts.passive,
    detractors: counts.detractor,
    responses,
  };
}

/** NPS of the answers given in the period (by the local day they were answered). */
export function npsOf(scores: readonly SurveyScoreRow[], period: Period): NpsSummary {
  return npsOfCounts(scores.filter((row) => isDayWithin(period, row.day)));
}

/** Of the survey requests sent in the period, the share answered (whenever the answer came). */
export function surveyResponseRate(sent: readonly SurveySentRow[], period: Period): Rate {
  let requests = 0;
  let answered = 0;
  for (const row of sent) {
    if (!isDayWithin(period, row.day)) continue;
    requests += row.sent;
    answered += row.answered;
  }
  return rateOf(answered, requests);
}
