import type { CaseSeverity } from './case-rules';

export const reviewMatchStatuses = ['matched', 'multiple_matches', 'unmatched'] as const;
export type ReviewMatchStatus = (typeof reviewMatchStatuses)[number];

export const minRating = 1;
export const maxRating = 5;

export function isValidRating(rating: number): boolean {
  return Number.isInteger(rating) && rating >= minRating && rating <= maxRating;
}

function assertRating(rating: number): void {
  if (!isValidRating(rating)) {
    throw new RangeError(`Rating must be a whole number from ${minRating} to ${maxRating}, got ${rating}`);
  }
}

/** 2 or less is high, 3 is medium, 4 or more is low. */
export function ratingToSeverity(rating: number): CaseSeverity {
  assertRating(rating);
  if (rating <= 2) return 'high';
  if (rating === 3) return 'medium';
  return 'low';
}

export function needsAttention(rating: number): boolean {
  assertRating(rating);
  return rating <= 3;
}

export function isPositive(rating: number): boolean {
  assertRating(rating);
  return rating >= 4;
}

/**
 * Mean rating rounded half up to one decimal, or null when there are no reviews (so "no
 * reviews" is never confused with a real average). Integer arithmetic until the last step.
 */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  let sum = 0;
  for (const rating of ratings) {
    assertRating(rating);
    sum += rating;
  }
  return Math.round((sum * 10) / ratings.length) / 10;
}

/** The dashboard's one-decimal text in the reader's locale; no reviews shows '0.0' ('0,0' in Spanish). */
export function formatAverageRating(average: number | null, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    average ?? 0,
  );
}
