import { describe, expect, it } from 'vitest';
import { analyticsPeriods, bucketOfInstant, isWithin, lastDays, periodBuckets } from './analytics-period';

describe('analytics periods', () => {
  it.each([
    // Madrid in winter is UTC+1, in summer UTC+2; Istanbul is UTC+3 all year.
    [
      'Europe/Madrid',
      '2026-01-01',
      '2026-01-31',
      '2025-12-31T23:00:00.000Z',
      '2026-01-31T23:00:00.000Z',
      '2025-12-01',
      '2025-12-31',
    ],
    [
      'Europe/Madrid',
      '2026-07-01',
      '2026-07-07',
      '2026-06-30T22:00:00.000Z',
      '2026-07-07T22:00:00.000Z',
      '2026-06-24',
      '2026-06-30',
    ],
    // The night clocks go forward (29 March 2026): the period still starts and ends at local midnight.
    [
      'Europe/Madrid',
      '2026-03-29',
      '2026-03-29',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
      '2026-03-28',
      '2026-03-28',
    ],
    [
      'Europe/Istanbul',
      '2026-01-01',
      '2026-01-31',
      '2025-12-31T21:00:00.000Z',
      '2026-01-31T21:00:00.000Z',
      '2025-12-01',
      '2025-12-31',
    ],
    [
      'UTC',
      '2024-02-01',
      '2024-02-29',
      '2024-02-01T00:00:00.000Z',
      '2024-03-01T00:00:00.000Z',
      '2024-01-03',
      '2024-01-31',
    ],
  ])(
    '%s %s..%s spans %s to %s; the previous period is %s..%s',
    (tz, from, to, start, end, prevFrom, prevTo) => {
      const periods = analyticsPeriods(from, to, tz);
      expect(new Date(periods.current.startMs).toISOString()).toBe(start);
      expect(new Date(periods.current.endMs).toISOString()).toBe(end);
      expect([periods.previous.from, periods.previous.to]).toEqual([prevFrom, prevTo]);
      expect(periods.previous.days).toBe(periods.current.days);
    },
  );

  it.each([
    // 23:30 UTC on 31 January is already 1 February in Madrid and Istanbul, not in UTC.
    ['Europe/Madrid', '2026-01-31T22:59:59.999Z', true],
    ['Europe/Madrid', '2026-01-31T23:00:00.000Z', false],
    ['Europe/Istanbul', '2026-01-31T20:59:59.999Z', true],
    ['Europe/Istanbul', '2026-01-31T21:00:00.000Z', false],
    ['Europe/Istanbul', '2025-12-31T21:00:00.000Z', true],
    ['Europe/Istanbul', '2025-12-31T20:59:59.999Z', false],
  ])('in %s, %s is within January: %s', (tz, at, within) => {
    expect(isWithin(analyticsPeriods('2026-01-01', '2026-01-31', tz).current, new Date(at))).toBe(within);
  });

  it.each([
    ['2026-01-01', '2026-01-07', 'day', 7, '2026-01-01'],
    ['2026-01-01', '2026-01-31', 'day', 31, '2026-01-01'],
    // 1 January 2026 is a Thursday: the first week bucket starts on Monday 29 December.
    ['2026-01-01', '2026-03-31', 'week', 14, '2025-12-29'],
  ])('%s..%s is charted per %s in %i buckets from %s', (from, to, granularity, count, first) => {
    const periods = analyticsPeriods(from, to, 'Europe/Madrid');
    expect(periods.granularity).toBe(granularity);
    const buckets = periodBuckets(periods.current, periods.granularity);
    expect(buckets).toHaveLength(count);
    expect(buckets[0]).toBe(first);
  });

  it('puts an instant in its local day', () => {
    expect(bucketOfInstant(new Date('2026-01-31T21:30:00Z'), 'day', 'Europe/Istanbul')).toBe('2026-02-01');
    expect(bucketOfInstant(new Date('2026-01-31T21:30:00Z'), 'day', 'Europe/Madrid')).toBe('2026-01-31');
  });

  it.each([
    ['2026-02-01', '2026-01-31'],
    ['2026-02-30', '2026-03-01'],
  ])('refuses %s..%s', (from, to) => {
    expect(() => analyticsPeriods(from, to, 'UTC')).toThrow(RangeError);
  });
});

describe('the default range', () => {
  it.each([
    ['2026-01-31T22:30:00Z', 'Europe/Istanbul', '2026-01-03', '2026-02-01'],
    ['2026-01-31T22:30:00Z', 'Europe/Madrid', '2026-01-02', '2026-01-31'],
  ])('30 days up to %s in %s: %s..%s', (now, tz, from, to) => {
    expect(lastDays(new Date(now), 30, tz)).toEqual({ from, to });
  });
});
