import { describe, expect, it } from 'vitest';
import { detractorCaseSeverity, isSurveyScore, npsCategory } from './nps';

describe('NPS bands', () => {
  it.each([
    [0, 'detractor', 'high'],
    [3, 'detractor', 'high'],
    [4, 'detractor', 'medium'],
    [6, 'detractor', 'medium'],
    [7, 'passive', null],
    [8, 'passive', null],
    [9, 'promoter', null],
    [10, 'promoter', null],
  ] as const)('score %i is a %s; its case severity is %s', (score, category, severity) => {
    expect(npsCategory(score)).toBe(category);
    expect(detractorCaseSeverity(score)).toBe(severity);
  });

  it.each([-1, 11, 4.5, Number.NaN, '7', null])('%s is not a score', (value) => {
    expect(isSurveyScore(value)).toBe(false);
  });

  it('refuses to classify a non-score', () => {
    expect(() => npsCategory(11)).toThrow(RangeError);
  });
});
