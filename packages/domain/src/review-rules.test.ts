import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  averageRating,
  formatAverageRating,
  isPositive,
  isValidRating,
  needsAttention,
  ratingToSeverity,
  reviewMatchStatuses,
} from './review-rules';

describe('rating rules', () => {
  it.each([
    [1, 'high', true, false],
    [2, 'high', true, false],
    [3, 'medium', true, false],
    [4, 'low', false, true],
    [5, 'low', false, true],
  ] as const)(
    'rating %d -> severity %s, needs attention %s, positive %s',
    (rating, severity, attention, positive) => {
      expect(ratingToSeverity(rating)).toBe(severity);
      expect(needsAttention(rating)).toBe(attention);
      expect(isPositive(rating)).toBe(positive);
    },
  );

  it.each([0, 6, -1, 2.5, 4.0001, Number.NaN, Number.POSITIVE_INFINITY])('rejects rating %d', (rating) => {
    expect(isValidRating(rating)).toBe(false);
    expect(() => ratingToSeverity(rating)).toThrow(RangeError);
    expect(() => needsAttention(rating)).toThrow(RangeError);
    expect(() => isPositive(rating)).toThrow(RangeError);
  });

  it('a valid rating either needs attention or is positive, never both', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), (rating) => {
        expect(needsAttention(rating)).toBe(!isPositive(rating));
      }),
    );
  });

  it('lists the match statuses', () => {
    expect(reviewMatchStatuses).toEqual(['matched', 'multiple_matches', 'unmatched']);
  });
});

describe('averageRating', () => {
  it.each([
    [[], null, '0.0'],
    [[5], 5, '5.0'],
    [[4, 5], 4.5, '4.5'],
    [[4, 4, 5, 4], 4.3, '4.3'],
    [[1, 2, 2], 1.7, '1.7'],
    [[5, 5, 4], 4.7, '4.7'],
    [[1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2], 1.9, '1.9'],
  ])('%j -> %s (%s)', (ratings, average, text) => {
    expect(averageRating(ratings)).toBe(average);
    expect(formatAverageRating(averageRating(ratings))).toBe(text);
  });

  it.each([
    [3, 'en', '3.0'],
    [3, 'es', '3,0'],
    [4.5, 'es', '4,5'],
    [4.5, 'tr', '4,5'],
    [null, 'es', '0,0'],
  ] as const)('%j in %s reads %s', (average, locale, text) => {
    expect(formatAverageRating(average, locale)).toBe(text);
  });

  it('rejects an invalid rating in the list', () => {
    expect(() => averageRating([5, 0])).toThrow(RangeError);
  });

  it('stays within 1 to 5, one decimal, within 0.05 of the true mean', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 500 }), (ratings) => {
        const average = averageRating(ratings) ?? 0;
        expect(average).toBeGreaterThanOrEqual(1);
        expect(average).toBeLessThanOrEqual(5);
        expect(Math.abs(average * 10 - Math.round(average * 10))).toBeLessThan(1e-9);
        const mean = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
        expect(Math.abs(average - mean)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });
});
