/** A share with what it is made of; `rate` is null when there is nothing to divide by. */
export type Rate = { numerator: number; denominator: number; rate: number | null };

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function rateOf(numerator: number, denominator: number): Rate {
  return { numerator, denominator, rate: denominator === 0 ? null : round(numerator / denominator, 4) };
}

/** The mean of `count` values adding up to `sum`, to two places; null for none. */
export function averageOf(sum: number, count: number): number | null {
  return count === 0 ? null : round(sum / count, 2);
}

/**
 * A median of hours as shown: to two places. The database takes medians (`percentile_cont(0.5)`:
 * the middle value, or the mean of the two middle ones for an even count), so that a period's
 * thousands of durations never leave it.
 */
export function roundedHours(hours: number | null): number | null {
  return hours === null ? null : round(hours, 2);
}
