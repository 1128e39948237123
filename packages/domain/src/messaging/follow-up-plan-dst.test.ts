import { describe, expect, it } from 'vitest';
import { type AutomationConfigInput, automationConfigSchema } from './automation-config';
import { instantAtLocal, isoDateOfDay, localDayOf, localMinutesOf, zoneOffsetMinutes } from './clinic-time';
import {
  type ExistingMessage,
  type PlanClinic,
  type PlannedSend,
  type PlanPatient,
  planFollowUps,
} from './follow-up-plan';

// The clinic-time rules on the daylight-saving days of 2026, through the planner that uses them:
// Europe/Madrid 2026-03-29 02:00->03:00 (a 23-hour day) and 2026-10-25 03:00->02:00 (25 hours),
// America/New_York 2026-03-08 and 2026-11-01, Europe/Istanbul (+03 all year, no change).

const clinicWith = (timeZone: string, config: AutomationConfigInput = {}): PlanClinic => ({
  timeZone,
  defaultLanguage: 'en',
  config: automationConfigSchema.parse(config),
});

const patient = (procedureDate: string | Date): PlanPatient => ({
  id: 'P-1',
  procedureDate,
  language: 'en',
  hasPhone: true,
  optedOut: {},
  hasMarketingConsent: true,
  hasPositiveReview: false,
});

const summary = (send: PlannedSend) =>
  `day ${send.scheduleDay} ${send.localDate} ${send.sendAt.toISOString()} ${send.deferredFor.join(',')}`.trim();

const plan = (
  zone: string,
  procedureDate: string | Date,
  now: string,
  existing: ExistingMessage[] = [],
  config: AutomationConfigInput = {},
) =>
  planFollowUps({
    clinic: clinicWith(zone, config),
    patients: [patient(procedureDate)],
    existing,
    now: new Date(now),
  }).sends.map(summary);

const earlier = (at: string): ExistingMessage => ({
  patientId: 'P-1',
  kind: 'test',
  scheduleDay: null,
  at: new Date(at),
});

describe('Istanbul keeps +03 through the European change weekends', () => {
  it.each([
    '2026-03-28T23:00:00Z',
    '2026-03-29T00:59:59Z',
    '2026-03-29T01:00:00Z',
    '2026-03-29T12:00:00Z',
    '2026-10-25T00:59:59Z',
    '2026-10-25T01:00:00Z',
    '2026-10-25T12:00:00Z',
    '2026-11-01T06:00:00Z',
  ])('at %s', (iso) => {
    expect(zoneOffsetMinutes('Europe/Istanbul', Date.parse(iso))).toBe(180);
  });
  it.each<[string, string, string]>([
    ['2026-03-28', '2026-03-28T21:30:00Z', 'day 1 2026-03-29 2026-03-29T06:00:00.000Z'],
    ['2026-10-24', '2026-10-24T21:30:00Z', 'day 1 2026-10-25 2026-10-25T06:00:00.000Z'],
    ['2026-10-25', '2026-10-25T21:30:00Z', 'day 1 2026-10-26 2026-10-26T06:00:00.000Z'],
  ])('procedure %s, planned at %s: 09:00 +03', (procedureDate, now, expected) => {
    expect(plan('Europe/Istanbul', procedureDate, now)).toEqual([expected]);
  });
});

describe('the length of the transition day', () => {
  it.each<[string, string, number]>([
    ['Europe/Madrid', '2026-03-29', 23],
    ['Europe/Madrid', '2026-10-25', 25],
    ['America/New_York', '2026-03-08', 23],
    ['America/New_York', '2026-11-01', 25],
    ['Europe/Istanbul', '2026-03-29', 24],
    ['Europe/Istanbul', '2026-10-25', 24],
  ])('%s %s has %i hours', (zone, iso, hours) => {
    const start = instantAtLocal(localDayOf(Date.parse(`${iso}T12:00:00Z`), zone), 0, zone);
    const end = instantAtLocal(localDayOf(Date.parse(`${iso}T12:00:00Z`), zone) + 1, 0, zone);
    expect((end - start) / 3_600_000).toBe(hours);
  });
});

describe('quiet hours on the transition night', () => {
  it.each<[string, string, string, string[]]>([
    // Madrid, 29 March: 20:00 CEST is 18:00Z (it was 19:00Z the day before).
    ['Europe/Madrid', '2026-03-26', '2026-03-29T17:59:00Z', ['day 3 2026-03-29 2026-03-29T17:59:00.000Z']],
    [
      'Europe/Madrid',
      '2026-03-26',
      '2026-03-29T18:00:00Z',
      ['day 3 2026-03-30 2026-03-30T07:00:00.000Z quiet_hours'],
    ],
    // Madrid, 25 October: 20:00 CET is 19:00Z (it was 18:00Z the day before).
    ['Europe/Madrid', '2026-10-22', '2026-10-25T18:59:00Z', ['day 3 2026-10-25 2026-10-25T18:59:00.000Z']],
    [
      'Europe/Madrid',
      '2026-10-22',
      '2026-10-25T19:00:00Z',
      ['day 3 2026-10-26 2026-10-26T08:00:00.000Z quiet_hours'],
    ],
    // During the skipped hour (01:30Z is 03:30 CEST) and during the repeated one (01:30Z is
    // 02:30 CET, the second time): still night: it waits for that day's 09:00 local.
    ['Europe/Madrid', '2026-03-26', '2026-03-29T01:30:00Z', ['day 3 2026-03-29 2026-03-29T07:00:00.000Z']],
    ['Europe/Madrid', '2026-10-22', '2026-10-25T01:30:00Z', ['day 3 2026-10-25 2026-10-25T08:00:00.000Z']],
    // New York, 1 November: 20:00 EST is 01:00Z on the 2nd.
    ['America/New_York', '2026-10-29', '2026-11-02T00:59:00Z', ['day 3 2026-11-01 2026-11-02T00:59:00.000Z']],
    [
      'America/New_York',
      '2026-10-29',
      '2026-11-02T01:00:00Z',
      ['day 3 2026-11-02 2026-11-02T14:00:00.000Z quiet_hours'],
    ],
  ])('%s, procedure %s, planned at %s', (zone, procedureDate, now, expected) => {
    expect(plan(zone, procedureDate, now, [], { followupSchedule: { '1': false, '3': true } })).toEqual(
      expected,
    );
  });

  it.each<[string, string, string, string, string]>([
    // A window opening at a time the spring-forward night skips: the same distance past the gap.
    [
      'Europe/Madrid',
      '02:30',
      '2026-03-28',
      '2026-03-28T23:30:00Z',
      'day 1 2026-03-29 2026-03-29T01:30:00.000Z',
    ],
    [
      'America/New_York',
      '02:30',
      '2026-03-07',
      '2026-03-08T05:30:00Z',
      'day 1 2026-03-08 2026-03-08T07:30:00.000Z',
    ],
    // A window opening at a time the fall-back night repeats: the first of the two.
    [
      'Europe/Madrid',
      '02:30',
      '2026-10-24',
      '2026-10-24T22:30:00Z',
      'day 1 2026-10-25 2026-10-25T00:30:00.000Z',
    ],
    [
      'America/New_York',
      '01:30',
      '2026-10-31',
      '2026-11-01T04:30:00Z',
      'day 1 2026-11-01 2026-11-01T05:30:00.000Z',
    ],
  ])('%s, window from %s, procedure %s, planned at %s', (zone, sendFrom, procedureDate, now, expected) => {
    const sent = plan(zone, procedureDate, now, [], { quietHours: { sendFrom, sendUntil: '20:00' } });
    expect(sent).toEqual([expected]);
  });
});

describe('day N counts local calendar days across the change', () => {
  it.each<[string, string, string, string[]]>([
    // Day 7 of a 25 March procedure is 1 April from local midnight (22:00Z on 31 March, CEST),
    // although only 6 days and 23 hours have passed.
    ['Europe/Madrid', '2026-03-25', '2026-03-31T22:30:00Z', ['day 7 2026-04-01 2026-04-01T07:00:00.000Z']],
    ['Europe/Madrid', '2026-03-25', '2026-03-31T21:30:00Z', []],
    // Day 7 of a 20 October procedure is 27 October from local midnight (23:00Z on the 26th, CET);
    // 7 x 24 hours have passed at 22:00Z but it is still the 26th in Madrid.
    ['Europe/Madrid', '2026-10-20', '2026-10-26T22:30:00Z', []],
    ['Europe/Madrid', '2026-10-20', '2026-10-26T23:30:00Z', ['day 7 2026-10-27 2026-10-27T08:00:00.000Z']],
    ['America/New_York', '2026-03-04', '2026-03-11T04:30:00Z', ['day 7 2026-03-11 2026-03-11T13:00:00.000Z']],
    ['America/New_York', '2026-03-04', '2026-03-11T03:30:00Z', []],
    ['America/New_York', '2026-10-28', '2026-11-04T04:30:00Z', []],
    ['America/New_York', '2026-10-28', '2026-11-04T05:30:00Z', ['day 7 2026-11-04 2026-11-04T14:00:00.000Z']],
  ])('%s, procedure %s, planned at %s', (zone, procedureDate, now, expected) => {
    expect(plan(zone, procedureDate, now, [], { followupSchedule: { '7': true } })).toEqual(expected);
  });

  it('a procedure instant late on the 23-hour day is read on the local calendar', () => {
    // 22:30Z on 29 March is 00:30 on the 30th in Madrid: day 1 is the 31st.
    expect(plan('Europe/Madrid', new Date('2026-03-29T22:30:00Z'), '2026-03-30T22:30:00Z')).toEqual([
      'day 1 2026-03-31 2026-03-31T07:00:00.000Z',
    ]);
  });
});

describe('one message per patient per local day, across the 23-hour and 25-hour days', () => {
  it.each<[string, string, string, string, string]>([
    // Madrid's 29 March runs 23:00Z (28th) to 22:00Z (29th).
    [
      'Europe/Madrid',
      '2026-03-28',
      '2026-03-28T23:30:00Z',
      '2026-03-29T21:59:00Z',
      'day 1 2026-03-30 2026-03-30T07:00:00.000Z daily_cap',
    ],
    [
      'Europe/Madrid',
      '2026-03-28',
      '2026-03-28T23:30:00Z',
      '2026-03-29T22:00:00Z',
      'day 1 2026-03-29 2026-03-29T07:00:00.000Z',
    ],
    [
      'Europe/Madrid',
      '2026-03-28',
      '2026-03-28T23:30:00Z',
      '2026-03-28T22:59:00Z',
      'day 1 2026-03-29 2026-03-29T07:00:00.000Z',
    ],
    // Madrid's 25 October runs 22:00Z (24th) to 23:00Z (25th).
    [
      'Europe/Madrid',
      '2026-10-24',
      '2026-10-24T22:30:00Z',
      '2026-10-25T22:30:00Z',
      'day 1 2026-10-26 2026-10-26T08:00:00.000Z daily_cap',
    ],
    [
      'Europe/Madrid',
      '2026-10-24',
      '2026-10-24T22:30:00Z',
      '2026-10-24T22:00:00Z',
      'day 1 2026-10-26 2026-10-26T08:00:00.000Z daily_cap',
    ],
    [
      'Europe/Madrid',
      '2026-10-24',
      '2026-10-24T22:30:00Z',
      '2026-10-25T23:00:00Z',
      'day 1 2026-10-25 2026-10-25T08:00:00.000Z',
    ],
    [
      'Europe/Madrid',
      '2026-10-24',
      '2026-10-24T22:30:00Z',
      '2026-10-24T21:59:00Z',
      'day 1 2026-10-25 2026-10-25T08:00:00.000Z',
    ],
    // New York's 8 March runs 05:00Z to 04:00Z (9th); 1 November 04:00Z to 05:00Z (2nd).
    [
      'America/New_York',
      '2026-03-07',
      '2026-03-08T05:30:00Z',
      '2026-03-09T03:59:00Z',
      'day 1 2026-03-09 2026-03-09T13:00:00.000Z daily_cap',
    ],
    [
      'America/New_York',
      '2026-03-07',
      '2026-03-08T05:30:00Z',
      '2026-03-09T04:00:00Z',
      'day 1 2026-03-08 2026-03-08T13:00:00.000Z',
    ],
    [
      'America/New_York',
      '2026-10-31',
      '2026-11-01T04:30:00Z',
      '2026-11-02T04:59:00Z',
      'day 1 2026-11-02 2026-11-02T14:00:00.000Z daily_cap',
    ],
    [
      'America/New_York',
      '2026-10-31',
      '2026-11-01T04:30:00Z',
      '2026-11-02T05:00:00Z',
      'day 1 2026-11-01 2026-11-01T14:00:00.000Z',
    ],
  ])(
    '%s, procedure %s, planned at %s, another message at %s',
    (zone, procedureDate, now, other, expected) => {
      expect(plan(zone, procedureDate, now, [earlier(other)])).toEqual([expected]);
    },
  );
});

describe('local clock readings on the transition nights', () => {
  it.each<[string, string, string, string]>([
    // The last minute before and the first after each change.
    ['Europe/Madrid', '2026-03-29T00:59:00Z', '2026-03-29', '01:59'],
    ['Europe/Madrid', '2026-03-29T01:00:00Z', '2026-03-29', '03:00'],
    ['Europe/Madrid', '2026-10-25T00:59:00Z', '2026-10-25', '02:59'],
    ['Europe/Madrid', '2026-10-25T01:00:00Z', '2026-10-25', '02:00'],
    ['America/New_York', '2026-03-08T06:59:00Z', '2026-03-08', '01:59'],
    ['America/New_York', '2026-03-08T07:00:00Z', '2026-03-08', '03:00'],
    ['America/New_York', '2026-11-01T05:59:00Z', '2026-11-01', '01:59'],
    ['America/New_York', '2026-11-01T06:00:00Z', '2026-11-01', '01:00'],
  ])('%s at %s reads %s %s', (zone, iso, date, time) => {
    const minutes = localMinutesOf(Date.parse(iso), zone);
    const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    expect([isoDateOfDay(localDayOf(Date.parse(iso), zone)), hhmm]).toEqual([date, time]);
  });
});
