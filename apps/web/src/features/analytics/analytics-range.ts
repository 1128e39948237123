import { type AnalyticsRangeQuery, analyticsMaxRangeDays } from '@careloop/contracts/analytics';

/** The quick ranges offered: the last 7, 30 or 90 days, today included. */
export const rangePresets = [7, 30, 90] as const;
type RangePreset = (typeof rangePresets)[number];
const defaultRangePreset: RangePreset = 30;

/** What the user chose: a quick range (moves with today) or fixed days of their own. */
export type RangeSelection =
  | { kind: 'preset'; days: RangePreset }
  | { kind: 'custom'; from: string; to: string };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 86_400_000;

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The calendar date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}

/** Today's date in the clinic's time zone: the clinic's day, wherever the reader is. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The days a selection covers, counted back from the clinic's today for a quick range. */
export function rangeOf(selection: RangeSelection, today: string): AnalyticsRangeQuery {
  return selection.kind === 'preset'
    ? { from: addDays(today, -(selection.days - 1)), to: today }
    : { from: selection.from, to: selection.to };
}

export type CustomRangeProblem = 'invalidDate' | 'endBeforeStart' | 'tooLong' | 'endInFuture';

/** Why a custom range cannot be shown (a key of `analytics:range.errors`), or null when it can. */
export function customRangeProblem(from: string, to: string, today: string): CustomRangeProblem | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return 'invalidDate';
  if (from > to) return 'endBeforeStart';
  if (daysBetween(from, to) > analyticsMaxRangeDays) return 'tooLong';
  if (to > today) return 'endInFuture';
  return null;
}

/** The selection in the address (`?range=7` or `?from=…&to=…`), so a range can be shared and kept on reload. */
export function parseRangeSelection(params: URLSearchParams): RangeSelection {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && isCalendarDate(from) && isCalendarDate(to) && from <= to)
    return { kind: 'custom', from, to };
  const days = Number(params.get('range'));
  const preset = rangePresets.find((value) => value === days);
  return { kind: 'preset', days: preset ?? defaultRangePreset };
}

export function rangeSearchParams(selection: RangeSelection): URLSearchParams {
  return selection.kind === 'preset'
    ? new URLSearchParams({ range: String(selection.days) })
    : new URLSearchParams({ from: selection.from, to: selection.to });
}
