/** A share with what it is made of; `rate` is null when there is nothing to divide by. */
export type Rate = { numerator: number; denominator: number; rate: number | null };

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function rateOf(numerator: number, denominator: number): Rate {
  return { numerator, denominator, rate: denominator === 0 ? null : round(numerator / denominator, 4) };
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return round(value, 2);
}

export function average(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return round(values.reduce((sum, value) => sum + value, 0) / values.length, 2);
}

const hourMs = 3_600_000;

export function hoursBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / hourMs;
}
