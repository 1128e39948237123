import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicAutomationConfigs, clinics, userActions } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const url = '/api/automation/settings';
const call = (cookie: string, method: 'GET' | 'PUT', payload?: object) =>
  t.app.inject({ method, url, headers: jsonHeaders({ cookie }), ...(payload ? { payload } : {}) });

const fullSettings = {
  whatsappEnabled: true,
  whatsappSecretName: 'WHATSAPP_ACCESS_TOKEN_x',
  whatsappPhoneNumberId: '1234567890',
  smsEnabled: true,
  smsSecretName: 'TWILIO_AUTH_TOKEN_x',
  smsProvider: 'vonage',
  smsFromNumber: '+14155552671',
  defaultChannel: 'whatsapp',
  followupSchedule: { '1': false, '3': true, '7': true, '14': false, '30': true },
  crosssellEnabled: false,
  crosssellDelayDays: 90,
  quietHours: { sendFrom: '10:00', sendUntil: '18:30' },
} as const;

async function storedConfig(clinicId: string) {
  const [row] = await t.db
    .select()
    .from(clinicAutomationConfigs)
    .where(eq(clinicAutomationConfigs.clinicId, clinicId));
  return row ?? null;
}

describe('GET /api/automation/settings', () => {
  it('answers 401 without a session and 403 for staff', async () => {
    const { clinicId } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const res = await call(staff.cookie, 'GET');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    const put = await call(staff.cookie, 'PUT', fullSettings);
    expect(put.statusCode).toBe(403);
    expect(await storedConfig(clinicId)).toBeNull();
  });

  it("gives the spec's defaults to a clinic that never saved settings, in the clinic's time zone", async () => {
    const { clinicId, owner } = await buildClinic(t);
    await t.db.update(clinics).set({ timeZone: 'Europe/Madrid' }).where(eq(clinics.id, clinicId));
    const res = await call(owner.cookie, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      whatsappEnabled: false,
      whatsappSecretName: null,
      whatsappPhoneNumberId: null,
      smsEnabled: true,
      smsSecretName: null,
      smsProvider: 'twilio',
      smsFromNumber: null,
      defaultChannel: 'sms',
      followupSchedule: { '1': true, '3': true, '7': true, '14': true, '30': false },
      crosssellEnabled: true,
      crosssellDelayDays: 30,
      quietHours: { sendFrom: '09:00', sendUntil: '20:00' },
      timeZone: 'Europe/Madrid',
    });
  });

  it('shows what Settings saved for the channels (one configuration row)', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await t.db.insert(clinicAutomationConfigs).values({
      clinicId,
      whatsappEnabled: true,
      whatsappPhoneNumberId: '555000111',
      whatsappSecretName: `WHATSAPP_ACCESS_TOKEN_${clinicId}`,
      aiReviewResponseEnabled: true,
    });
    const body = (await call(owner.cookie, 'GET')).json();
    expect(body).toMatchObject({
      whatsappEnabled: true,
      whatsappPhoneNumberId: '555000111',
      whatsappSecretName: `WHATSAPP_ACCESS_TOKEN_${clinicId}`,
      smsEnabled: true,
      defaultChannel: 'sms',
    });
  });
});

describe('PUT /api/automation/settings', () => {
  it('saves every field for an admin, answers the success text, and keeps the AI review response', async () => {
    const { clinicId } = await buildClinic(t);
    const admin = await buildMember(t, clinicId, 'admin');
    await t.db.insert(clinicAutomationConfigs).values({
      clinicId,
      aiReviewResponseEnabled: true,
      aiReviewResponseThreshold: 2,
      aiReviewResponseDelayHours: 8,
    });
    const res = await call(admin.cookie, 'PUT', fullSettings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Success - Automation settings saved successfully',
      settings: { ...fullSettings, timeZone: 'UTC' },
    });
    expect((await call(admin.cookie, 'GET')).json()).toEqual({ ...fullSettings, timeZone: 'UTC' });
    const row = await storedConfig(clinicId);
    expect(row).toMatchObject({
      smsProvider: 'vonage',
      quietHoursFrom: '10:00',
      quietHoursUntil: '18:30',
      crosssellDelayDays: 90,
      aiReviewResponseEnabled: true,
      aiReviewResponseThreshold: 2,
      aiReviewResponseDelayHours: 8,
    });
    const actions = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.clinicId, clinicId), eq(userActions.action, 'automation_settings_saved')));
    expect(actions).toHaveLength(1);
  });

  it('keeps what is left out: the channel fields Settings wrote and the rest of the schedule', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await t.db.insert(clinicAutomationConfigs).values({
      clinicId,
      whatsappEnabled: true,
      whatsappPhoneNumberId: '555000111',
      smsFromNumber: '+14155552671',
      defaultChannel: 'whatsapp',
    });
    const res = await call(owner.cookie, 'PUT', {
      crosssellDelayDays: 365,
      followupSchedule: { '30': true },
      quietHours: { sendUntil: '19:00' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      crosssellDelayDays: 365,
      whatsappEnabled: true,
      whatsappPhoneNumberId: '555000111',
      smsEnabled: true,
      smsFromNumber: '+14155552671',
      defaultChannel: 'whatsapp',
      followupSchedule: { '1': true, '3': true, '7': true, '14': true, '30': true },
      quietHours: { sendFrom: '09:00', sendUntil: '19:00' },
    });
  });

  it('clears a channel field sent as null', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await t.db.insert(clinicAutomationConfigs).values({ clinicId, smsFromNumber: '+14155552671' });
    const res = await call(owner.cookie, 'PUT', { smsFromNumber: null });
    expect(res.json().settings.smsFromNumber).toBeNull();
  });

  it.each([
    [
      'delay 0',
      { crosssellDelayDays: 0 },
      'crosssellDelayDays',
      'Cross-sell delay must be between 1 and 365 days',
    ],
    [
      'delay 366',
      { crosssellDelayDays: 366 },
      'crosssellDelayDays',
      'Cross-sell delay must be between 1 and 365 days',
    ],
    [
      'delay 1.5',
      { crosssellDelayDays: 1.5 },
      'crosssellDelayDays',
      'Cross-sell delay must be between 1 and 365 days',
    ],
    [
      'schedule day 2',
      { followupSchedule: { '2': true } },
      'followupSchedule',
      'Follow-ups can be scheduled on days 1, 3, 7, 14, 30 only',
    ],
    [
      'SMS provider',
      { smsProvider: 'plivo' },
      'smsProvider',
      'SMS provider must be twilio, aws_sns or vonage',
    ],
    ['channel', { defaultChannel: 'email' }, 'defaultChannel', 'Channel must be sms or whatsapp'],
    [
      'default channel off',
      { defaultChannel: 'whatsapp', whatsappEnabled: false, smsEnabled: true },
      'defaultChannel',
      'The default channel must be switched on',
    ],
    [
      'time format',
      { quietHours: { sendFrom: '9am', sendUntil: '20:00' } },
      'quietHours.sendFrom',
      'Enter a time as HH:MM (00:00-23:59)',
    ],
    [
      'window order',
      { quietHours: { sendFrom: '20:00', sendUntil: '09:00' } },
      'quietHours.sendUntil',
      'The sending window must start before it ends',
    ],
  ])('refuses %s with 400 and field details, storing nothing', async (_label, body, field, message) => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'PUT', body);
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toContainEqual({ field, message });
    expect(await storedConfig(clinicId)).toBeNull();
  });

  // The sender goes to the provider as it is stored: Settings keeps it in E.164, and so does this form.
  it('stores the SMS from number in E.164 and refuses one that is not a phone number, keeping the saved one', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const saved = await call(owner.cookie, 'PUT', { smsFromNumber: '+34 600 123 456' });
    expect(saved.json().settings.smsFromNumber).toBe('+34600123456');
    for (const smsFromNumber of ['call us', '+34 6']) {
      const res = await call(owner.cookie, 'PUT', { smsFromNumber, crosssellDelayDays: 45 });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.details).toContainEqual({
        field: 'smsFromNumber',
        key: 'settings.errors.phoneInvalid',
        message: 'Please enter a valid phone number',
      });
    }
    expect(await storedConfig(clinicId)).toMatchObject({
      smsFromNumber: '+34600123456',
      crosssellDelayDays: 30,
    });
  });

  it("changes only the caller's clinic", async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    await call(a.owner.cookie, 'PUT', { ...fullSettings });
    expect(await storedConfig(b.clinicId)).toBeNull();
    expect((await call(b.owner.cookie, 'GET')).json().crosssellDelayDays).toBe(30);
  });

  it('is listed in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(res.json().paths)).toContain(url);
  });
});
