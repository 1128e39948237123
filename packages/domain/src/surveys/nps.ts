import type { CaseSeverity } from '../case-rules';

/** The Net Promoter Score bands of a 0-10 answer. */
export const npsCategories = ['promoter', 'passive', 'detractor'] as const;
export type NpsCategory = (typeof npsCategories)[number];

export const surveyScore = { min: 0, max: 10 } as const;

export function isSurveyScore(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= surveyScore.min &&
    value <= surveyScore.max
  );
}

export function npsCategory(score: number): NpsCategory {
  if (!isSurveyScore(score)) throw new RangeError(`Not a survey score: ${score}`);
  if (score >= 9) return 'promoter';
  if (score >= 7) return 'passive';
  return 'detractor';
}

/**
 * A detractor's case: the lower the score, the sooner staff should call. Promoters and passives
 * open no case (null).
 */
export function detractorCaseSeverity(score: number): Extract<CaseSeverity, 'high' | 'medium'> | null {
  if (npsCategory(score) !== 'detractor') return null;
  return score <= 3 ? 'high' : 'medium';
}
