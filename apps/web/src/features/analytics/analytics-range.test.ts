import { describe, expect, it } from 'vitest';
import {
  addDays,
  customRangeProblem,
  daysBetween,
  isCalendarDate,
  parseRangeSelection,
  type RangeSelection,
  rangeOf,
  rangeSearchParams,
  todayIn,
} from './analytics-range';

describe('todayIn: the clinic’s day, not the reader’s', () => {
  it.each([
    // 23:30 UTC on 31 Dec is already 1 Jan in Madrid (UTC+1) and Istanbul (UTC+3), still 31 Dec in New York.
    ['2026-12-31T23:30:00Z', 'Europe/Madrid', '2027-01-01'],
    ['2026-12-31T23:30:00Z', 'Europe/Istanbul', '2027-01-01'],
    ['2026-12-31T23:30:00Z', 'America/New_York', '2026-12-31'],
    ['2026-12-31T23:30:00Z', 'UTC', '2026-12-31'],
    // Madrid's spring change (02:00 -> 03:00 on 29 March 2026): 22:30 UTC on the 28th is 23:30 there.
    ['2026-03-28T22:30:00Z', 'Europe/Madrid', '2026-03-28'],
    ['2026-03-28T23:30:00Z', 'Europe/Madrid', '2026-03-29'],
    // Istanbul keeps UTC+3 all year.
    ['2026-07-15T20:59:00Z', 'Europe/Istanbul', '2026-07-15'],
    ['2026-07-15T21:00:00Z', 'Europe/Istanbul', '2026-07-16'],
  ])('%s in %s is %s', (now, timeZone, expected) => {
    expect(todayIn(timeZone, new Date(now))).toBe(expected);
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-11-28', -29, '2026-10-30'],
  ])('%s + %i days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2026-11-28', '2026-11-28', 1],
    ['2026-10-30', '2026-11-28', 30],
    ['2026-03-01', '2026-03-31', 31],
  ])('%s to %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['', false],
    ['yesterday', false],
  ])('%j is a calendar date: %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe('rangeOf', () => {
  it.each<[RangeSelection, { from: string; to: string }]>([
    [
      { kind: 'preset', days: 7 },
      { from: '2026-11-22', to: '2026-11-28' },
    ],
    [
      { kind: 'preset', days: 30 },
      { from: '2026-10-30', to: '2026-11-28' },
    ],
    [
      { kind: 'preset', days: 90 },
      { from: '2026-08-31', to: '2026-11-28' },
    ],
    [
      { kind: 'custom', from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-01-01', to: '2026-01-31' },
    ],
  ])('%j, today 2026-11-28 -> %j', (selection, expected) => {
    expect(rangeOf(selection, '2026-11-28')).toEqual(expected);
  });
});

describe('customRangeProblem', () => {
  const today = '2026-11-28';
  it.each([
    ['2026-11-01', '2026-11-28', null],
    ['2026-11-28', '2026-11-28', null],
    ['2025-11-28', '2026-11-28', null], // 366 days: the longest allowed
    ['2025-11-27', '2026-11-28', 'tooLong'],
    ['2026-11-10', '2026-11-01', 'endBeforeStart'],
    ['2026-11-01', '2026-11-29', 'endInFuture'],
    ['', '2026-11-28', 'invalidDate'],
    ['2026-11-01', '2026-02-30', 'invalidDate'],
  ])('%j to %j -> %s', (from, to, expected) => {
    expect(customRangeProblem(from, to, today)).toBe(expected);
  });
});

describe('the range in the address', () => {
  it.each<[string, RangeSelection]>([
    ['', { kind: 'preset', days: 30 }],
    ['range=7', { kind: 'preset', days: 7 }],
    ['range=90', { kind: 'preset', days: 90 }],
    ['range=14', { kind: 'preset', days: 30 }],
    ['range=abc', { kind: 'preset', days: 30 }],
    ['from=2026-01-01&to=2026-01-31', { kind: 'custom', from: '2026-01-01', to: '2026-01-31' }],
    ['from=2026-01-31&to=2026-01-01', { kind: 'preset', days: 30 }],
    ['from=2026-02-30&to=2026-03-01', { kind: 'preset', days: 30 }],
    ['from=2026-01-01', { kind: 'preset', days: 30 }],
  ])('?%s -> %j', (search, expected) => {
    expect(parseRangeSelection(new URLSearchParams(search))).toEqual(expected);
  });

  it.each<RangeSelection>([
    { kind: 'preset', days: 7 },
    { kind: 'preset', days: 90 },
    { kind: 'custom', from: '2026-01-01', to: '2026-01-31' },
  ])('%j survives the round trip', (selection) => {
    expect(parseRangeSelection(rangeSearchParams(selection))).toEqual(selection);
  });
});
