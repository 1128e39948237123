import { type AnalyticsPeriod, isDayWithin } from './analytics-period';
import { averageOf, type Rate, rateOf, roundedHours } from './kpi-math';

export const reviewPlatforms = ['google', 'trustpilot'] as const;
export type ReviewPlatform = (typeof reviewPlatforms)[number];

/** Reviews written on one local day with one rating, and how many of them the clinic replied to publicly. */
export type ReviewDayRow = {
  day: string;
  platform: ReviewPlatform;
  procedure: string | null;
  rating: number;
  count: number;
  replied: number;
};

/**
 * Medians of one period, taken by the database over the reviews written in it (the middle value,
 * or the mean of the two middle ones: `percentile_cont(0.5)`): hours from a review to the clinic's
 * public reply (replied reviews), and from a 1-3 star review to the first message sent to its
 * matched patient afterwards (those with one). Null: no such review.
 */
export type ReviewDelays = { hoursToFirstReply: number | null; hoursToFirstContact: number | null };

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

function countAndAverage(rows: readonly ReviewDayRow[]) {
  let count = 0;
  let stars = 0;
  for (const row of rows) {
    count += row.count;
    stars += row.rating * row.count;
  }
  return { count, averageRating: averageOf(stars, count) };
}

/** Reviews written in the period: counts and averages per platform, how fast and how often answered. */
export function reviewKpis(
  reviews: readonly ReviewDayRow[],
  delays: ReviewDelays,
  period: Pick<AnalyticsPeriod, 'from' | 'to'>,
): ReviewKpis {
  const written = reviews.filter((row) => isDayWithin(period, row.day));
  const low = written.filter((row) => isLowRating(row.rating));
  return {
    total: countAndAverage(written),
    perPlatform: reviewPlatforms.map((platform) => ({
      platform,
      ...countAndAverage(written.filter((row) => row.platform === platform)),
    })),
    lowRatingAnsweredRate: rateOf(
      low.reduce((sum, row) => sum + row.replied, 0),
      low.reduce((sum, row) => sum + row.count, 0),
    ),
    medianHoursToFirstReply: roundedHours(delays.hoursToFirstReply),
    medianHoursToFirstContact: roundedHours(delays.hoursToFirstContact),
  };
}
