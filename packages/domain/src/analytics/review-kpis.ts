import { type AnalyticsPeriod, isWithin } from './analytics-period';
import { average, hoursBetween, median, type Rate, rateOf } from './kpi-math';

export const reviewPlatforms = ['google', 'trustpilot'] as const;
export type ReviewPlatform = (typeof reviewPlatforms)[number];

export type ReviewRow = {
  platform: ReviewPlatform;
  rating: number;
  writtenAt: Date;
  /** The clinic's public reply; null: not replied. */
  repliedAt: Date | null;
  /** The first message sent to the matched patient after the review; null: none (or unmatched). */
  firstContactAt: Date | null;
  procedure: string | null;
};

/** 1-3 stars: the reviews a clinic must answer and whose writer it should reach. */
export function isLowRating(rating: number): boolean {
  return rating <= 3;
}

export type ReviewKpis = {
  total: { count: number; averageRating: number | null };
  perPlatform: { platform: ReviewPlatform; count: number; averageRating: number | null }[];
  lowRatingAnsweredRate: Rate;
  medianHoursToFirstReply: number | null;
  medianHoursToFirstContact: number | null;
};

/** Reviews written in the period: counts and averages per platform, how fast and how often answered. */
export function reviewKpis(reviews: readonly ReviewRow[], period: AnalyticsPeriod): ReviewKpis {
  const written = reviews.filter((review) => isWithin(period, review.writtenAt));
  const low = written.filter((review) => isLowRating(review.rating));
  return {
    total: { count: written.length, averageRating: average(written.map((review) => review.rating)) },
    perPlatform: reviewPlatforms.map((platform) => {
      const ratings = written.filter((review) => review.platform === platform).map((review) => review.rating);
      return { platform, count: ratings.length, averageRating: average(ratings) };
    }),
    lowRatingAnsweredRate: rateOf(low.filter((review) => review.repliedAt !== null).length, low.length),
    medianHoursToFirstReply: median(
      written.flatMap((review) =>
        review.repliedAt ? [hoursBetween(review.writtenAt, review.repliedAt)] : [],
      ),
    ),
    medianHoursToFirstContact: median(
      low.flatMap((review) =>
        review.firstContactAt ? [hoursBetween(review.writtenAt, review.firstContactAt)] : [],
      ),
    ),
  };
}
