import { npsCategory } from '../surveys/nps';
import { type AnalyticsPeriod, isWithin } from './analytics-period';
import { type Rate, rateOf } from './kpi-math';

export type SurveyRow = {
  sentAt: Date | null;
  answeredAt: Date | null;
  score: number | null;
  procedure: string | null;
};

export type NpsSummary = {
  score: number | null;
  promoters: number;
  passives: number;
  detractors: number;
  responses: number;
};

/** NPS of the given scores: % promoters (9-10) minus % detractors (0-6), whole number, null for none. */
export function npsOfScores(scores: readonly number[]): NpsSummary {
  const counts = { promoter: 0, passive: 0, detractor: 0 };
  for (const score of scores) counts[npsCategory(score)] += 1;
  const responses = scores.length;
  return {
    score: responses === 0 ? null : Math.round(((counts.promoter - counts.detractor) / responses) * 100),
    promoters: counts.promoter,
    passives: counts.passive,
    detractors: counts.detractor,
    responses,
  };
}

/** NPS of the answers given in the period (by when they were answered). */
export function npsOf(surveys: readonly SurveyRow[], period: AnalyticsPeriod): NpsSummary {
  return npsOfScores(
    surveys.flatMap((survey) =>
      survey.score !== null && isWithin(period, survey.answeredAt) ? [survey.score] : [],
    ),
  );
}

/** Of the survey requests sent in the period, the share answered (whenever the answer came). */
export function surveyResponseRate(surveys: readonly SurveyRow[], period: AnalyticsPeriod): Rate {
  const sent = surveys.filter((survey) => isWithin(period, survey.sentAt));
  return rateOf(sent.filter((survey) => survey.answeredAt !== null).length, sent.length);
}
