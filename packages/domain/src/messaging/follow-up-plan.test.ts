import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AutomationConfigInput, automationConfigSchema, minutesOfDay } from './automation-config';
import { localDayOf, localMinutesOf } from './clinic-time';
import {
  chooseChannel,
  type ExistingMessage,
  followUpCatchUpDays,
  messageDedupeKey,
  type PlanClinic,
  type PlannedSend,
  type PlanPatient,
  planFollowUps,
} from './follow-up-plan';

const clinicWith = (config: AutomationConfigInput = {}, timeZone = 'Europe/Madrid'): PlanClinic => ({
  timeZone,
  defaultLanguage: 'en',
  config: automationConfigSchema.parse(config),
});

const patient = (overrides: Partial<PlanPatient> = {}): PlanPatient => ({
  id: 'P-1',
  procedureDate: '2026-03-20',
  language: 'en',
  hasPhone: true,
  optedOut: {},
  hasMarketingConsent: true,
  hasPositiveReview: false,
  ...overrides,
});

const plan = (
  now: string,
  options: { clinic?: PlanClinic; patients?: PlanPatient[]; existing?: ExistingMessage[] } = {},
) =>
  planFollowUps({
    clinic: options.clinic ?? clinicWith(),
    patients: options.patients ?? [patient()],
    existing: options.existing ?? [],
    now: new Date(now),
  });

const summary = (send: PlannedSend) =>
  `${send.kind}:${send.scheduleDay} ${send.channel}${send.fallbackChannel ? `>${send.fallbackChannel}` : ''} ${send.sendAt.toISOString()} ${send.deferredFor.join(',')}`.trim();

const sent = (kind: string, scheduleDay: number | null, at: string, patientId = 'P-1'): ExistingMessage => ({
  patientId,
  kind,
  scheduleDay,
  at: new Date(at),
});

describe('follow-ups on procedure date + schedule day (Madrid, procedure 2026-03-20)', () => {
  it.each<[string, string, string[]]>([
    ['the evening of the procedure: nothing is due', '2026-03-20T22:59:00Z', []],
    [
      'just after local midnight of day 1: waits for 09:00',
      '2026-03-20T23:05:00Z',
      ['followup:1 sms 2026-03-21T08:00:00.000Z'],
    ],
    ['day 1 at 10:00 local: now', '2026-03-21T09:00:00Z', ['followup:1 sms 2026-03-21T09:00:00.000Z']],
    ['day 1 at 19:59 local: now', '2026-03-21T18:59:00Z', ['followup:1 sms 2026-03-21T18:59:00.000Z']],
    [
      'day 1 at 20:00 local: quiet, next morning',
      '2026-03-21T19:00:00Z',
      ['followup:1 sms 2026-03-22T08:00:00.000Z quiet_hours'],
    ],
    [
      'day 2 at 08:59 local (one day late): 09:00',
      '2026-03-22T07:59:00Z',
      ['followup:1 sms 2026-03-22T08:00:00.000Z quiet_hours'],
    ],
    [
      'day 3 (day 1 never went): only day 3',
      '2026-03-23T10:00:00Z',
      ['followup:3 sms 2026-03-23T10:00:00.000Z'],
    ],
    [
      'day 9: day 7 two days late still goes',
      '2026-03-29T10:00:00Z',
      ['followup:7 sms 2026-03-29T10:00:00.000Z'],
    ],
    ['day 10: day 7 three days late is dropped', '2026-03-30T10:00:00Z', []],
    ['day 14', '2026-04-03T10:00:00Z', ['followup:14 sms 2026-04-03T10:00:00.000Z']],
    ['day 30 is off by default', '2026-04-19T10:00:00Z', []],
  ])('%s', (_name, now, expected) => {
    expect(plan(now).sends.map(summary)).toEqual(expected);
  });

  it('day 30 when switched on', () => {
    const clinic = clinicWith({ followupSchedule: { '30': true } });
    expect(plan('2026-04-19T10:00:00Z', { clinic }).sends.map(summary)).toEqual([
      'followup:30 sms 2026-04-19T10:00:00.000Z',
    ]);
  });

  it('a day switched off is not sent', () => {
    const clinic = clinicWith({ followupSchedule: { '3': false } });
    const existing = [sent('followup', 1, '2026-03-21T10:00:00Z')];
    expect(plan('2026-03-23T10:00:00Z', { clinic, existing }).sends.map(summary)).toEqual([]);
  });

  it('an unknown time zone is refused, not guessed', () => {
    expect(() => plan('2026-03-21T09:00:00Z', { clinic: clinicWith({}, 'Europe/Atlantis') })).toThrow(
      RangeError,
    );
  });

  it('the catch-up limit is two days', () => {
    expect(followUpCatchUpDays).toBe(2);
  });

  it('a future procedure, no procedure date and a malformed date plan nothing', () => {
    const patients = [
      patient({ id: 'A', procedureDate: '2026-04-01' }),
      patient({ id: 'B', procedureDate: null }),
      patient({ id: 'C', procedureDate: '20/03/2026' }),
      patient({ id: 'D', procedureDate: new Date('invalid') }),
    ];
    expect(plan('2026-03-21T10:00:00Z', { patients })).toEqual({ sends: [], skipped: [] });
  });
});

describe('exactly once per (patient, kind, day)', () => {
  it('a second run with the first run stored plans nothing', () => {
    const first = plan('2026-03-21T10:00:00Z');
    expect(first.sends).toHaveLength(1);
    const stored = first.sends.map((s) => sent(s.kind, s.scheduleDay, s.sendAt.toISOString()));
    expect(plan('2026-03-21T10:15:00Z', { existing: stored }).sends).toEqual([]);
    expect(plan('2026-03-22T10:15:00Z', { existing: stored }).sends).toEqual([]);
  });

  it('the dedupe key names patient, kind and day', () => {
    expect(plan('2026-03-21T10:00:00Z').sends[0]?.dedupeKey).toBe('P-1:followup:1');
    expect(messageDedupeKey('P-9', 'crosssell', 30)).toBe('P-9:crosssell:30');
  });

  it('an older day already sent does not stop a newer one', () => {
    const existing = [sent('followup', 1, '2026-03-21T10:00:00Z')];
    expect(plan('2026-03-23T10:00:00Z', { existing }).sends.map(summary)).toEqual([
      'followup:3 sms 2026-03-23T10:00:00.000Z',
    ]);
  });

  it("another patient's message does not count", () => {
    const existing = [sent('followup', 1, '2026-03-21T09:00:00Z', 'P-2')];
    expect(plan('2026-03-21T10:00:00Z', { existing }).sends).toHaveLength(1);
  });
});

describe('cross-sell (marketing)', () => {
  const reviewed = patient({ hasPositiveReview: true, procedureDate: '2026-02-01' });
  it.each<[string, PlanPatient, AutomationConfigInput, string, string[], string[]]>([
    [
      'due after the delay',
      reviewed,
      {},
      '2026-03-03T10:00:00Z',
      ['crosssell:30 sms 2026-03-03T10:00:00.000Z'],
      [],
    ],
    ['one day before the delay', reviewed, {}, '2026-03-02T10:00:00Z', [], []],
    [
      'long after the delay, once the review arrives',
      reviewed,
      {},
      '2026-06-01T09:00:00Z',
      ['crosssell:30 sms 2026-06-01T09:00:00.000Z'],
      [],
    ],
    ['no positive review', { ...reviewed, hasPositiveReview: false }, {}, '2026-03-03T10:00:00Z', [], []],
    [
      'no marketing consent',
      { ...reviewed, hasMarketingConsent: false },
      {},
      '2026-03-03T10:00:00Z',
      [],
      ['P-1:crosssell:30 no_marketing_consent'],
    ],
    ['switched off', reviewed, { crosssellEnabled: false }, '2026-03-03T10:00:00Z', [], []],
    [
      'delay 1 day',
      { ...reviewed, procedureDate: '2026-03-02' },
      { crosssellDelayDays: 1 },
      '2026-03-03T10:00:00Z',
      ['followup:1 sms 2026-03-03T10:00:00.000Z', 'crosssell:1 sms 2026-03-04T08:00:00.000Z daily_cap'],
      [],
    ],
  ])('%s', (_name, who, config, now, expectedSends, expectedSkips) => {
    const result = plan(now, { clinic: clinicWith(config), patients: [who] });
    expect(result.sends.map(summary)).toEqual(expectedSends);
    expect(result.skipped.map((s) => `${s.dedupeKey} ${s.reason}`)).toEqual(expectedSkips);
    for (const send of result.sends) expect(send.isMarketing).toBe(send.kind === 'crosssell');
  });

  it('goes once per patient even if the delay changes afterwards', () => {
    const existing = [sent('crosssell', 30, '2026-03-03T10:00:00Z')];
    const clinic = clinicWith({ crosssellDelayDays: 60 });
    expect(plan('2026-04-10T10:00:00Z', { clinic, patients: [reviewed], existing }).sends).toEqual([]);
  });
});

describe('at most one message per patient per local day', () => {
  it.each<[string, ExistingMessage[], string[]]>([
    [
      'a test message earlier today pushes the follow-up to tomorrow',
      [sent('test', null, '2026-03-21T06:30:00Z')],
      ['followup:1 sms 2026-03-22T08:00:00.000Z daily_cap'],
    ],
    [
      'yesterday evening does not count',
      [sent('reply', null, '2026-03-20T22:59:00Z')],
      ['followup:1 sms 2026-03-21T09:00:00.000Z'],
    ],
    // 23:30 UTC on the 20th is already the 21st in Madrid.
    [
      'local midnight, not UTC midnight, starts the day',
      [sent('reply', null, '2026-03-20T23:30:00Z')],
      ['followup:1 sms 2026-03-22T08:00:00.000Z daily_cap'],
    ],
    [
      'today and tomorrow taken: the day after',
      [sent('test', null, '2026-03-21T08:00:00Z'), sent('crosssell', 1, '2026-03-22T08:00:00Z')],
      ['followup:1 sms 2026-03-23T08:00:00.000Z daily_cap'],
    ],
  ])('%s', (_name, existing, expected) => {
    expect(plan('2026-03-21T09:00:00Z', { existing }).sends.map(summary)).toEqual(expected);
  });

  it('quiet hours and the cap together', () => {
    const existing = [sent('test', null, '2026-03-22T09:00:00Z')];
    expect(plan('2026-03-21T19:30:00Z', { existing }).sends.map(summary)).toEqual([
      'followup:1 sms 2026-03-23T08:00:00.000Z quiet_hours,daily_cap',
    ]);
  });
});

describe('channel choice', () => {
  const both = { smsEnabled: true, whatsappEnabled: true };
  it.each<[string, AutomationConfigInput, Partial<PlanPatient>, string]>([
    ['sms by default', {}, {}, 'sms, fallback none'],
    [
      'whatsapp default falls back to sms',
      { ...both, defaultChannel: 'whatsapp' },
      {},
      'whatsapp, fallback sms',
    ],
    [
      'whatsapp only: no fallback',
      { smsEnabled: false, whatsappEnabled: true, defaultChannel: 'whatsapp' },
      {},
      'whatsapp, fallback none',
    ],
    ['sms default, both on: sms has no fallback to whatsapp', both, {}, 'sms, fallback none'],
    [
      'whatsapp default, opted out of whatsapp: sms',
      { ...both, defaultChannel: 'whatsapp' },
      { optedOut: { whatsapp: true } },
      'sms, fallback none',
    ],
    [
      'whatsapp default, opted out of sms: whatsapp without fallback',
      { ...both, defaultChannel: 'whatsapp' },
      { optedOut: { sms: true } },
      'whatsapp, fallback none',
    ],
    [
      'sms default, opted out of sms, whatsapp on: whatsapp',
      both,
      { optedOut: { sms: true } },
      'whatsapp, fallback none',
    ],
    ['opted out of the only channel', {}, { optedOut: { sms: true } }, 'opted_out'],
    [
      'opted out of whatsapp only, whatsapp off: sms',
      {},
      { optedOut: { whatsapp: true } },
      'sms, fallback none',
    ],
    ['opted out of both', both, { optedOut: { sms: true, whatsapp: true } }, 'opted_out'],
    ['no phone', {}, { hasPhone: false }, 'no_phone'],
    ['both channels off', { smsEnabled: false, whatsappEnabled: false }, {}, 'no_channel'],
  ])('%s', (_name, config, who, expected) => {
    const choice = chooseChannel(automationConfigSchema.parse(config), patient(who));
    expect(
      choice.ok ? `${choice.channel}, fallback ${choice.fallbackChannel ?? 'none'}` : choice.reason,
    ).toBe(expected);
  });

  it('an opted-out patient is never planned, and the skip says why', () => {
    const result = plan('2026-03-21T09:00:00Z', { patients: [patient({ optedOut: { sms: true } })] });
    expect(result.sends).toEqual([]);
    expect(result.skipped).toEqual([
      {
        dedupeKey: 'P-1:followup:1',
        patientId: 'P-1',
        kind: 'followup',
        scheduleDay: 1,
        reason: 'opted_out',
      },
    ]);
  });
});

describe('language', () => {
  it.each<[string | null, string]>([
    ['tr', 'tr'],
    ['es', 'es'],
    [null, 'es'],
    ['fr', 'es'],
  ])('patient language %s gives %s', (language, expected) => {
    const clinic = { ...clinicWith(), defaultLanguage: 'es' as const };
    expect(
      plan('2026-03-21T09:00:00Z', { clinic, patients: [patient({ language })] }).sends[0]?.language,
    ).toBe(expected);
  });
});

describe('daylight-saving boundaries: day 1 opens at 09:00 local', () => {
  it.each<[string, string, string, string]>([
    ['Europe/Madrid', '2026-03-28', '2026-03-29T00:30:00Z', '2026-03-29T07:00:00.000Z'],
    ['Europe/Madrid', '2026-03-27', '2026-03-27T23:30:00Z', '2026-03-28T08:00:00.000Z'],
    ['Europe/Madrid', '2026-10-24', '2026-10-25T00:30:00Z', '2026-10-25T08:00:00.000Z'],
    ['Europe/Madrid', '2026-10-23', '2026-10-23T22:30:00Z', '2026-10-24T07:00:00.000Z'],
    ['Europe/Istanbul', '2026-03-28', '2026-03-28T21:30:00Z', '2026-03-29T06:00:00.000Z'],
    ['Europe/Istanbul', '2026-10-24', '2026-10-24T21:30:00Z', '2026-10-25T06:00:00.000Z'],
    ['America/New_York', '2026-03-07', '2026-03-08T05:00:00Z', '2026-03-08T13:00:00.000Z'],
    ['America/New_York', '2026-03-06', '2026-03-07T05:00:00Z', '2026-03-07T14:00:00.000Z'],
    ['America/New_York', '2026-10-31', '2026-11-01T04:00:00Z', '2026-11-01T14:00:00.000Z'],
  ])('%s, procedure %s, planned at %s: %s', (zone, procedureDate, now, expected) => {
    const result = plan(now, { clinic: clinicWith({}, zone), patients: [patient({ procedureDate })] });
    expect(result.sends.map((s) => s.sendAt.toISOString())).toEqual([expected]);
  });

  it.each<[string, string]>([
    // 19:59 EDT on the day clocks went forward: still open.
    ['2026-03-08T23:59:00Z', '2026-03-08T23:59:00.000Z'],
    // 20:00 EDT: quiet until 09:00 EDT.
    ['2026-03-09T00:00:00Z', '2026-03-09T13:00:00.000Z'],
  ])('New York quiet hours on the spring-forward day, now %s', (now, expected) => {
    const clinic = clinicWith({}, 'America/New_York');
    const result = plan(now, { clinic, patients: [patient({ procedureDate: '2026-03-07' })] });
    expect(result.sends.map((s) => s.sendAt.toISOString())).toEqual([expected]);
  });

  it('a procedure instant is read on the clinic calendar, not the UTC one', () => {
    // 23:30 on 9 March in New York is 03:30 on 10 March UTC: day 1 is 10 March.
    const clinic = clinicWith({}, 'America/New_York');
    const who = patient({ procedureDate: new Date('2026-03-10T03:30:00Z') });
    expect(plan('2026-03-10T14:00:00Z', { clinic, patients: [who] }).sends.map((s) => s.localDate)).toEqual([
      '2026-03-10',
    ]);
  });
});

describe('properties', () => {
  const zones = ['Europe/Madrid', 'Europe/Istanbul', 'America/New_York'];
  const start = Date.parse('2026-01-01T00:00:00Z');
  const arbitraryPatient = fc.record({
    id: fc.constantFrom('A', 'B', 'C', 'D'),
    procedureDate: fc
      .integer({ min: 0, max: 400 })
      .map((days) => new Date(start + days * 86_400_000).toISOString().slice(0, 10)),
    language: fc.constantFrom('en', 'es', 'tr', null),
    hasPhone: fc.boolean(),
    optedOut: fc.record({ sms: fc.boolean(), whatsapp: fc.boolean() }),
    hasMarketingConsent: fc.boolean(),
    hasPositiveReview: fc.boolean(),
  });

  it('planned messages fall inside the window, never before now, one per patient per local day, and never twice', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.uniqueArray(arbitraryPatient, { selector: (p) => p.id, maxLength: 4 }),
        fc.integer({ min: 0, max: 420 * 96 }),
        fc.record({
          whatsappEnabled: fc.boolean(),
          smsEnabled: fc.boolean(),
          crosssellDelayDays: fc.integer({ min: 1, max: 60 }),
          quietHours: fc.constantFrom(
            { sendFrom: '09:00', sendUntil: '20:00' },
            { sendFrom: '02:30', sendUntil: '03:15' },
          ),
        }),
        (zone, patients, quarterHours, config) => {
          const clinic = clinicWith(
            { ...config, defaultChannel: config.smsEnabled ? 'sms' : 'whatsapp' },
            zone,
          );
          const now = new Date(start + quarterHours * 900_000);
          const first = planFollowUps({ clinic, patients, existing: [], now });
          const from = minutesOfDay(config.quietHours.sendFrom);
          const until = minutesOfDay(config.quietHours.sendUntil);
          const days = new Set<string>();
          for (const send of first.sends) {
            expect(send.sendAt.getTime()).toBeGreaterThanOrEqual(now.getTime());
            const minutes = localMinutesOf(send.sendAt, zone);
            // A window starting inside a skipped hour opens just after the gap.
            if (!(from === 150 && minutes >= 150 && minutes < 240)) {
              expect(minutes).toBeGreaterThanOrEqual(from);
              expect(minutes).toBeLessThan(until);
            }
            const key = `${send.patientId} ${localDayOf(send.sendAt, zone)}`;
            expect(days.has(key)).toBe(false);
            days.add(key);
            const who = patients.find((p) => p.id === send.patientId);
            expect(who?.optedOut[send.channel]).toBe(false);
            if (send.isMarketing) expect(who?.hasMarketingConsent).toBe(true);
          }
          const existing = first.sends.map((s) => ({ ...s, at: s.sendAt }));
          const later = new Date(now.getTime() + 15 * 60_000);
          const again = planFollowUps({ clinic, patients, existing, now: later }).sends;
          const firstKeys = new Set(first.sends.map((s) => s.dedupeKey));
          expect(again.filter((s) => firstKeys.has(s.dedupeKey))).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
