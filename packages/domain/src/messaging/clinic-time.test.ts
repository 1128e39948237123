import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayFromIsoDate,
  instantAtLocal,
  isoDateOfDay,
  isValidTimeZone,
  localDayOf,
  localMinutesOf,
  zoneOffsetMinutes,
} from './clinic-time';

const day = (iso: string) => {
  const value = dayFromIsoDate(iso);
  if (value === null) throw new Error(iso);
  return value;
};
const at = (iso: string, minutes: number, zone: string) =>
  new Date(instantAtLocal(day(iso), minutes, zone)).toISOString();

describe('zone offsets across daylight-saving changes', () => {
  it.each([
    // Madrid: CET +60, CEST +120; changes 2026-03-29 01:00Z and 2026-10-25 01:00Z.
    ['Europe/Madrid', '2026-03-29T00:59:59Z', 60],
    ['Europe/Madrid', '2026-03-29T01:00:00Z', 120],
    ['Europe/Madrid', '2026-10-25T00:59:59Z', 120],
    ['Europe/Madrid', '2026-10-25T01:00:00Z', 60],
    // Istanbul: +180 all year since 2016.
    ['Europe/Istanbul', '2026-01-15T12:00:00Z', 180],
    ['Europe/Istanbul', '2026-07-15T12:00:00Z', 180],
    // New York: EST -300, EDT -240; changes 2026-03-08 07:00Z and 2026-11-01 06:00Z.
    ['America/New_York', '2026-03-08T06:59:59Z', -300],
    ['America/New_York', '2026-03-08T07:00:00Z', -240],
    ['America/New_York', '2026-11-01T05:59:59Z', -240],
    ['America/New_York', '2026-11-01T06:00:00Z', -300],
    ['Asia/Kathmandu', '2026-06-01T00:00:00Z', 345],
  ])('%s at %s is %i', (zone, iso, offset) => {
    expect(zoneOffsetMinutes(zone, Date.parse(iso))).toBe(offset);
  });
});

describe('instantAtLocal', () => {
  it.each([
    ['Europe/Madrid', '2026-03-28', 9 * 60, '2026-03-28T08:00:00.000Z'],
    ['Europe/Madrid', '2026-03-29', 9 * 60, '2026-03-29T07:00:00.000Z'],
    ['Europe/Madrid', '2026-10-24', 9 * 60, '2026-10-24T07:00:00.000Z'],
    ['Europe/Madrid', '2026-10-25', 9 * 60, '2026-10-25T08:00:00.000Z'],
    // 02:30 does not exist on 2026-03-29 in Madrid: the same distance past the gap, 03:30 CEST.
    ['Europe/Madrid', '2026-03-29', 2 * 60 + 30, '2026-03-29T01:30:00.000Z'],
    // 02:30 happens twice on 2026-10-25: the first one, still CEST.
    ['Europe/Madrid', '2026-10-25', 2 * 60 + 30, '2026-10-25T00:30:00.000Z'],
    ['Europe/Istanbul', '2026-03-29', 9 * 60, '2026-03-29T06:00:00.000Z'],
    ['Europe/Istanbul', '2026-10-25', 20 * 60, '2026-10-25T17:00:00.000Z'],
    ['America/New_York', '2026-03-07', 9 * 60, '2026-03-07T14:00:00.000Z'],
    ['America/New_York', '2026-03-08', 9 * 60, '2026-03-08T13:00:00.000Z'],
    ['America/New_York', '2026-03-08', 2 * 60 + 15, '2026-03-08T07:15:00.000Z'],
    ['America/New_York', '2026-11-01', 60 + 30, '2026-11-01T05:30:00.000Z'],
    ['America/New_York', '2026-11-01', 9 * 60, '2026-11-01T14:00:00.000Z'],
  ])('%s %s at minute %i is %s', (zone, iso, minutes, expected) => {
    expect(at(iso, minutes, zone)).toBe(expected);
  });

  it('round-trips with localDayOf and localMinutesOf for times that exist', () => {
    const zones = ['Europe/Madrid', 'Europe/Istanbul', 'America/New_York', 'UTC'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: day('2000-01-01'), max: day('2040-12-31') }),
        fc.integer({ min: 4 * 60, max: 24 * 60 - 1 }),
        (zone, localDay, minutes) => {
          const instant = instantAtLocal(localDay, minutes, zone);
          expect(localDayOf(instant, zone)).toBe(localDay);
          expect(localMinutesOf(instant, zone)).toBe(minutes);
        },
      ),
    );
  });
});

describe('local day of an instant', () => {
  it.each([
    ['2026-03-10T04:59:00Z', 'America/New_York', '2026-03-10'],
    ['2026-03-10T03:59:00Z', 'America/New_York', '2026-03-09'],
    ['2026-06-30T22:00:00Z', 'Europe/Madrid', '2026-07-01'],
    ['2026-06-30T21:59:00Z', 'Europe/Madrid', '2026-06-30'],
    ['2026-12-31T21:00:00Z', 'Europe/Istanbul', '2027-01-01'],
  ])('%s in %s is %s', (iso, zone, expected) => {
    expect(isoDateOfDay(localDayOf(new Date(iso), zone))).toBe(expected);
  });
});

describe('calendar dates', () => {
  it.each([
    ['1970-01-01', 0],
    ['2026-03-29', 20541],
    ['2024-02-29', 19782],
    // Years below 100 are those years, not 1900-1999.
    ['0050-01-01', -701265],
    ['0000-01-01', -719528],
  ])('%s is day %i', (iso, expected) => {
    expect(dayFromIsoDate(iso)).toBe(expected);
    expect(isoDateOfDay(expected)).toBe(iso);
  });
  it('writes every day from 1900 to 2100 as the calendar does, leap days and century years included', () => {
    const first = Date.UTC(1900, 0, 1) / 86_400_000;
    const last = Date.UTC(2100, 11, 31) / 86_400_000;
    for (let day = first; day <= last; day++) {
      const calendar = new Date(day * 86_400_000).toISOString().slice(0, 10);
      if (isoDateOfDay(day) !== calendar) expect(isoDateOfDay(day)).toBe(calendar);
    }
    expect(isoDateOfDay(Date.UTC(2000, 1, 29) / 86_400_000)).toBe('2000-02-29');
    expect(isoDateOfDay(Date.UTC(1900, 2, 1) / 86_400_000 - 1)).toBe('1900-02-28');
  });
  it.each(['2026-02-29', '2026-13-01', '2026-3-1', '2026-03-10T00:00:00Z', ''])('%s is no date', (iso) => {
    expect(dayFromIsoDate(iso)).toBeNull();
  });
  it('knows real time zones', () => {
    expect(isValidTimeZone('Europe/Istanbul')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
