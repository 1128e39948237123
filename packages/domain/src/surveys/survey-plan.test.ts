import { describe, expect, it } from 'vitest';
import {
  planSurveys,
  type SurveyPlanClinic,
  type SurveyPlanPatient,
  surveyDedupeKey,
  surveyOptOuts,
} from './survey-plan';

const clinic: SurveyPlanClinic = {
  timeZone: 'Europe/Madrid',
  defaultLanguage: 'es',
  quietHours: { sendFrom: '09:00', sendUntil: '20:00' },
  settings: { enabled: true, dayAfterProcedure: 3, channel: 'sms' },
  channelReady: true,
};
const patient = (overrides: Partial<SurveyPlanPatient> = {}): SurveyPlanPatient => ({
  id: 'p1',
  procedure: 'Dental Implant',
  procedureDate: '2026-03-01',
  language: null,
  hasPhone: true,
  hasEmail: false,
  optedOut: {},
  ...overrides,
});
// 2026-03-04 12:00 in Madrid (UTC+1): day 3 after 1 March.
const noon = new Date('2026-03-04T11:00:00Z');
const plan = (overrides: Partial<Parameters<typeof planSurveys>[0]> = {}) =>
  planSurveys({
    clinic,
    patients: [patient()],
    alreadyPlanned: new Set(),
    busyDays: new Map(),
    now: noon,
    ...overrides,
  });

describe('survey planning', () => {
  it('plans one survey on day N, now, in the clinic language when the patient has none', () => {
    expect(plan().sends).toEqual([
      {
        dedupeKey: 'p1:survey:Dental Implant:2026-03-01',
        patientId: 'p1',
        channel: 'sms',
        sendAt: noon,
        localDate: '2026-03-04',
        language: 'es',
      },
    ]);
  });

  it.each([
    ['tr', 'tr'],
    ['en', 'en'],
    ['de', 'es'],
  ])('patient language %s gives %s', (language, expected) => {
    expect(plan({ patients: [patient({ language })] }).sends[0]?.language).toBe(expected);
  });

  it.each([
    ['before day N', new Date('2026-03-03T11:00:00Z'), 0],
    ['day N + 2 (catch-up)', new Date('2026-03-06T11:00:00Z'), 1],
    ['day N + 3 (too late)', new Date('2026-03-07T11:00:00Z'), 0],
  ])('%s: %i sends', (_label, now, count) => {
    expect(plan({ now }).sends).toHaveLength(count);
  });

  it('never twice for the same procedure: the dedupe key already planned', () => {
    expect(
      plan({ alreadyPlanned: new Set([surveyDedupeKey('p1', 'Dental Implant', '2026-03-01')]) }),
    ).toEqual({
      sends: [],
      skipped: [],
    });
  });

  it('a new procedure is a new survey', () => {
    const done = new Set([surveyDedupeKey('p1', 'Dental Implant', '2026-02-01')]);
    expect(plan({ alreadyPlanned: done }).sends).toHaveLength(1);
  });

  it.each([
    [{ optedOut: { sms: true } }, clinic, 'opted_out'],
    [{ hasPhone: false }, clinic, 'no_contact'],
    [{}, { ...clinic, settings: { ...clinic.settings, channel: 'email' as const } }, 'no_contact'],
    [
      { hasEmail: true, optedOut: { email: true } },
      { ...clinic, settings: { ...clinic.settings, channel: 'email' as const } },
      'opted_out',
    ],
    [{}, { ...clinic, channelReady: false }, 'channel_not_ready'],
  ])('skips %j (%#) as %s', (overrides, planClinic, reason) => {
    const result = plan({ clinic: planClinic, patients: [patient(overrides)] });
    expect(result.sends).toEqual([]);
    expect(result.skipped.map((s) => s.reason)).toEqual([reason]);
  });

  it('surveys off: nothing at all', () => {
    expect(plan({ clinic: { ...clinic, settings: { ...clinic.settings, enabled: false } } })).toEqual({
      sends: [],
      skipped: [],
    });
  });

  it('after the window closes it waits for the next opening; before it opens, for the opening', () => {
    const evening = new Date('2026-03-04T20:30:00Z'); // 21:30 in Madrid
    expect(plan({ now: evening }).sends[0]).toMatchObject({
      sendAt: new Date('2026-03-05T08:00:00Z'),
      localDate: '2026-03-05',
    });
    const early = new Date('2026-03-04T06:00:00Z'); // 07:00 in Madrid
    expect(plan({ now: early }).sends[0]?.sendAt).toEqual(new Date('2026-03-04T08:00:00Z'));
  });

  it('one message a day: a day the patient already gets a message moves the survey to the next free one', () => {
    const busyDays = new Map([['p1', new Set(['2026-03-04', '2026-03-05'])]]);
    expect(plan({ busyDays }).sends[0]).toMatchObject({
      sendAt: new Date('2026-03-06T08:00:00Z'),
      localDate: '2026-03-06',
    });
  });
});

describe('surveyOptOuts', () => {
  it.each([
    [false, false, { sms: false, whatsapp: false, email: false }],
    [true, false, { sms: true, whatsapp: false, email: true }],
    [false, true, { sms: false, whatsapp: true, email: true }],
    [true, true, { sms: true, whatsapp: true, email: true }],
  ])('SMS opted out %s, WhatsApp opted out %s: closed %j', (smsOptedOut, whatsappOptedOut, closed) => {
    expect(surveyOptOuts({ smsOptedOut, whatsappOptedOut })).toEqual(closed);
  });
});
