import type { AnalyticsRate } from '@careloop/contracts/analytics';
/** Rates, hours, scores and days written for the reader's language (decimal marks, % placement, units). */
export type AnalyticsFormatters = ReturnType<typeof analyticsFormatters>;

const calendarDay = (date: string) => new Date(`${date}T00:00:00Z`);

export function analyticsFormatters(language: string) {
  const count = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const hours = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
  const signedHours = new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'hour',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  const score = new Intl.NumberFormat(language, { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const signed = new Intl.NumberFormat(language, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const rating = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // Periods are days of the clinic's calendar: shown as those days whatever the reader's zone.
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return {
    count: (value: number) => count.format(value),
    /** 0.875 -> "87.5%" (en), "87,5 %" (es), "%87,5" (tr). */
    // Rounded as the CSV cell is (ratePercent), so that the two never differ by a tenth.
    rate: (value: number) => percent.format((ratePercent(value) ?? 0) / 100),
    hours: (value: number) => hours.format(value),
    signedHours: (value: number) => signedHours.format(value),
    /** An NPS: a whole number, with its sign. */
    score: (value: number) => score.format(value),
    signed: (value: number) => signed.format(value),
    rating: (value: number) => rating.format(value),
    period: (from: string, to: string) => dates.formatRange(calendarDay(from), calendarDay(to)),
    day: (date: string) => shortDay.format(calendarDay(date)),
  };
}

/**
 * The exact share of an API rate, from its counts: its `rate` is rounded to 4 places, and rounding
 * that again to a tenth of a percent showed 30 of 59 (50.85 -> 50.9%) where it is 50.8%.
 */
export function shareOf(rate: AnalyticsRate): number | null {
  return rate.denominator === 0 ? null : rate.numerator / rate.denominator;
}

/** A share as a percentage with one decimal, for a CSV cell (0.8754 -> 87.5); null stays empty. */
export function ratePercent(rate: number | null): number | null {
  return rate === null ? null : Math.round(rate * 1000) / 10;
}

/** Hours with one decimal, for a CSV cell. */
export function roundedHours(hours: number | null): number | null {
  return hours === null ? null : Math.round(hours * 10) / 10;
}
