import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import {
  checkTestMessage,
  deliveryStatusLabel,
  failedCount,
  isServiceResponding,
  parseFollowupTab,
  runSystemTest,
  type SettingsFormValues,
  type SystemTestCalls,
  testMessageFormValues,
  toSettingsBody,
  translationKeyOf,
  validateSettings,
  withPatient,
} from './followup-automation.utils';

const valid = {
  ...testMessageFormValues('clinic-1', 'sms'),
  patientId: 'P-1',
  treatmentType: 'Dental implant',
  patientPhone: '+14155552671',
};

describe('parseFollowupTab', () => {
  it.each([
    [null, 'test'],
    ['settings', 'settings'],
    ['systemTest', 'systemTest'],
    ['production', 'production'],
    ['nope', 'test'],
  ])('%s -> %s', (value, tab) => expect(parseFollowupTab(value)).toBe(tab));
});

describe('checkTestMessage', () => {
  it.each([
    [{ patientId: '' }, 'patientId', 'Patient ID is required'],
    [{ clinicId: ' ' }, 'clinicId', 'Clinic ID is required'],
    [{ treatmentType: '' }, 'treatmentType', 'Treatment type is required'],
    [{ patientPhone: '' }, 'patientPhone', 'Patient phone is required'],
    [{ patientPhone: '12' }, 'patientPhone', 'Please enter a valid phone number'],
    [{ daysAfterTreatment: 0 }, 'daysAfterTreatment', 'Days after treatment must be between 1 and 365'],
    [{ daysAfterTreatment: 366 }, 'daysAfterTreatment', 'Days after treatment must be between 1 and 365'],
    [{ daysAfterTreatment: '' }, 'daysAfterTreatment', 'Days after treatment must be between 1 and 365'],
  ] as const)('%o fails %s', (change, field, message) => {
    const result = checkTestMessage({ ...valid, ...change });
    expect(result.body).toBeNull();
    expect(result.errors?.[field]).toBe(message);
  });

  it.each([1, 365])('accepts %i days and builds the body', (days) => {
    expect(checkTestMessage({ ...valid, daysAfterTreatment: days }).body).toEqual({
      patientId: 'P-1',
      clinicId: 'clinic-1',
      treatmentType: 'Dental implant',
      patientPhone: '+14155552671',
      daysAfterTreatment: days,
      messageType: 'followup',
      preferredChannel: 'sms',
    });
  });
});

describe('withPatient', () => {
  it('fills the id, and the phone and procedure when the patient has them', () => {
    const base = { ...valid, patientPhone: '+1 typed', treatmentType: 'typed' };
    expect(withPatient(base, { id: 'P-2', phone: '+34600000000', procedure: 'Veneers' })).toMatchObject({
      patientId: 'P-2',
      patientPhone: '+34600000000',
      treatmentType: 'Veneers',
    });
    expect(withPatient(base, { id: 'P-3', phone: null, procedure: null })).toMatchObject({
      patientId: 'P-3',
      patientPhone: '+1 typed',
      treatmentType: 'typed',
    });
    expect(withPatient(base, null).patientId).toBe('');
  });
});

const settings: SettingsFormValues = {
  followupSchedule: { '1': true, '3': true, '7': true, '14': true, '30': false },
  crosssellEnabled: true,
  crosssellDelayDays: 30,
  defaultChannel: 'sms',
  whatsappEnabled: false,
  whatsappSecretName: '',
  whatsappPhoneNumberId: ' ',
  smsEnabled: true,
  smsSecretName: 'TWILIO_AUTH_TOKEN_x',
  smsProvider: 'twilio',
  smsFromNumber: '+14155552671',
  sendFrom: '09:00',
  sendUntil: '20:00',
};

describe('validateSettings', () => {
  it.each([
    [{}, null, null],
    [{ crosssellDelayDays: 0 }, 'crosssellDelayDays', 'Cross-sell delay must be between 1 and 365 days'],
    [{ crosssellDelayDays: 366 }, 'crosssellDelayDays', 'Cross-sell delay must be between 1 and 365 days'],
    [{ crosssellDelayDays: '' }, 'crosssellDelayDays', 'Cross-sell delay must be between 1 and 365 days'],
    // Cross-sells off: the switched-off field cannot be corrected, so it does not block the save.
    [{ crosssellEnabled: false, crosssellDelayDays: '' }, null, null],
    [{ crosssellEnabled: false, crosssellDelayDays: 0 }, null, null],
    [{ defaultChannel: 'whatsapp' }, 'defaultChannel', 'The default channel must be switched on'],
    [{ sendFrom: '25:00' }, 'sendFrom', 'Enter a time as HH:MM (00:00-23:59)'],
    [{ sendFrom: '21:00' }, 'sendUntil', 'The sending window must start before it ends'],
    [{ smsFromNumber: 'call us' }, 'smsFromNumber', 'Please enter a valid phone number'],
    [{ smsFromNumber: '+90 5' }, 'smsFromNumber', 'Please enter a valid phone number'],
    [{ smsFromNumber: '+90 532 123 45 67' }, null, null],
  ] as const)('%o -> %s', (change, field, message) => {
    const errors = validateSettings({ ...settings, ...change });
    if (field === null) expect(errors).toEqual({});
    else expect(errors[field]).toBe(message);
  });

  it('sends empty names as null and the window as quietHours', () => {
    const body = toSettingsBody(settings);
    expect(body.whatsappSecretName).toBeNull();
    expect(body.whatsappPhoneNumberId).toBeNull();
    expect(body.quietHours).toEqual({ sendFrom: '09:00', sendUntil: '20:00' });
    expect(body.crosssellDelayDays).toBe(30);
  });

  it('sends the default delay for one left out of range with cross-sells off, and a valid one as typed', () => {
    expect(
      toSettingsBody({ ...settings, crosssellEnabled: false, crosssellDelayDays: '' }).crosssellDelayDays,
    ).toBe(30);
    expect(
      toSettingsBody({ ...settings, crosssellEnabled: false, crosssellDelayDays: 45 }).crosssellDelayDays,
    ).toBe(45);
    expect(
      toSettingsBody({ ...settings, crosssellEnabled: true, crosssellDelayDays: 0 }).crosssellDelayDays,
    ).toBe(0);
  });
});

describe('translationKeyOf', () => {
  it.each([
    ['Patient ID is required', 'followup:test.errors.patientIdRequired'],
    ['Please enter a valid phone number', 'followup:test.errors.invalidPhone'],
    ['Cross-sell delay must be between 1 and 365 days', 'followup:settings.errors.crossSellDelayRange'],
    ['The default channel must be switched on', 'followup:settings.errors.defaultChannelOff'],
    ['Something the server said', null],
  ])('%s -> %s', (message, key) => expect(translationKeyOf(message)).toBe(key));
});

const ok = async () => ({});
const fail = (status: number) => async () => {
  throw new ApiError(status, 'X', 'x');
};
const allPass: SystemTestCalls = {
  ready: ok,
  me: ok,
  readSettings: ok,
  saveSettings: ok,
  probeMessageService: fail(400),
  aiModelConfigured: async () => true,
};

describe('runSystemTest', () => {
  it('passes every check, reporting each as it finishes', async () => {
    const seen: string[] = [];
    const results = await runSystemTest(allPass, (check, status) => seen.push(`${check}:${status}`));
    expect(failedCount(results)).toBe(0);
    expect(seen).toHaveLength(7);
  });

  it.each([
    [{ ready: fail(503) }, { database: 'failed' }, 1],
    [{ me: fail(401) }, { auth: 'failed', clinic: 'unknown', readConfig: 'unknown' }, 6],
    [{ me: fail(403) }, { auth: 'passed', clinic: 'failed', aiModel: 'unknown' }, 5],
    [{ readSettings: fail(500) }, { readConfig: 'failed' }, 1],
    [{ saveSettings: fail(400) }, { saveConfig: 'failed' }, 1],
    [{ probeMessageService: fail(404) }, { messageService: 'failed' }, 1],
    [{ probeMessageService: fail(0) }, { messageService: 'failed' }, 1],
    [{ probeMessageService: fail(502) }, { messageService: 'failed' }, 1],
    [{ aiModelConfigured: async () => false }, { aiModel: 'failed' }, 1],
  ] as const)('%o -> %o, %i not passed', async (change, expected, count) => {
    const results = await runSystemTest({ ...allPass, ...change } as SystemTestCalls, () => {});
    expect(results).toMatchObject(expected);
    expect(failedCount(results)).toBe(count);
  });

  it.each([
    [400, true],
    [409, true],
    [404, false],
    [500, false],
  ])('a %i answer from the message service means responding=%s', (status, responding) =>
    expect(isServiceResponding(new ApiError(status, 'X', 'x'))).toBe(responding),
  );
});

describe("deliveryStatusLabel: a test message's delivery state in the reader's language", () => {
  beforeAll(async () => {
    await i18n.loadNamespaces(['followup', 'patients']);
    await i18n.loadLanguages(['es', 'tr']);
  });

  it.each([
    ['en', 'sent', 'Sent'],
    ['es', 'sent', 'Enviado'],
    ['es', 'queued', 'En cola'],
    ['tr', 'queued', 'Sırada'],
    ['tr', 'delivered', 'Teslim edildi'],
    ['es', 'failed', 'Fallido'],
    ['es', 'bounced', 'bounced'],
  ] as const)('%s, %s -> %s', (language, status, expected) => {
    expect(deliveryStatusLabel(i18n.getFixedT(language, ['followup', 'patients']), status)).toBe(expected);
  });
});
