import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingProgress, secrets } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const state = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/onboarding', headers: jsonHeaders({ cookie }) });
const step = (cookie: string, n: number, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/onboarding/steps/${n}`,
    headers: jsonHeaders({ cookie }),
    payload,
  });

const profile = {
  name: 'Sonrisa Clinic',
  email: 'hola@sonrisa.es',
  phone: '+34 600 123 456',
  category: 'dental',
  brandTone: 'warm',
};
const whatsapp = { accessToken: `EAA${'t'.repeat(120)}`, phoneNumberId: '106540352242922' };
const sms = { accountSid: `AC${'2'.repeat(32)}`, authToken: 'a'.repeat(32), fromNumber: '+14155552671' };
const template = (name: string) => ({
  name,
  body: 'Hi {{patient_name}}',
  language: 'en',
  channel: 'whatsapp',
});
const missing = 'Please fill in all required fields before continuing';

async function progressOf(clinicId: string) {
  const [row] = await t.db.select().from(onboardingProgress).where(eq(onboardingProgress.clinicId, clinicId));
  return row ?? null;
}

describe('onboarding wizard', () => {
  it('walks the four steps with WhatsApp only, marking who completed each', async () => {
    const { clinicId, owner } = await buildClinic(t, { practiceName: 'Sonrisa' });
    const first = (await state(owner.cookie)).json();
    expect(first).toMatchObject({
      stepCompleted: 0,
      wizardCompleted: false,
      channels: { whatsapp: false, sms: false },
    });
    expect(first.profile).toMatchObject({ name: 'Sonrisa', email: owner.email });

    const one = await step(owner.cookie, 1, profile);
    expect(one.statusCode).toBe(200);
    expect(one.json().stepCompleted).toBe(1);
    expect(one.json().profile).toEqual({
      ...profile,
      phone: '+34600123456',
      defaultLanguage: 'en',
      timeZone: 'UTC',
      country: null,
    });
    expect(one.json().steps.clinicProfile).toMatchObject({
      completed: true,
      completedBy: owner.email.split('@')[0],
    });

    const two = (await step(owner.cookie, 2, whatsapp)).json();
    expect(two).toMatchObject({ stepCompleted: 2, channels: { whatsapp: true, sms: false } });
    expect(JSON.stringify(two)).not.toContain(whatsapp.accessToken);

    // SMS skipped: WhatsApp satisfies the step (first reading of spec 1 §5).
    expect((await step(owner.cookie, 3, {})).json().stepCompleted).toBe(3);

    const four = (
      await step(owner.cookie, 4, { templates: [template('Day 1'), { ...template(''), body: 'x' }] })
    ).json();
    expect(four).toMatchObject({ stepCompleted: 4, wizardCompleted: true });
    expect(four.templates.map((tpl: { name: string }) => tpl.name)).toEqual(['Day 1']);
    expect(four.completedAt).toEqual(expect.any(String));
    expect(await progressOf(clinicId)).toMatchObject({
      clinicProfileCompleted: true,
      whatsappSetupCompleted: true,
      smsSetupCompleted: false,
      templatesSetupCompleted: true,
    });

    const dismissed = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/reach/dismiss',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: {},
    });
    expect(dismissed.json().reachDismissed).toBe(true);
  });

  it.each([
    [1, { ...profile, phone: '' }, missing],
    [1, { ...profile, category: 'veterinary' }, missing],
    [2, { ...whatsapp, accessToken: `EAB${'t'.repeat(120)}` }, 'Token should start with "EAA"'],
    [2, { ...whatsapp, phoneNumberId: '' }, missing],
    [2, { ...whatsapp, accessToken: `EAA${'t'.repeat(40)}` }, 'Token appears to be too short'],
    [3, { ...sms, accountSid: `XX${'2'.repeat(32)}` }, 'Account SID should start with "AC"'],
    [3, {}, missing],
    [4, { templates: [template('A')] }, missing],
  ])('step %i refuses %j with "%s" and records nothing', async (n, payload, message) => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await step(owner.cookie, n, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await progressOf(clinicId)).toBeNull();
    expect(await t.db.select().from(secrets).where(eq(secrets.clinicId, clinicId))).toEqual([]);
  });

  it('accepts SMS only after skipping WhatsApp, and refuses a fourth starter template', async () => {
    const { owner } = await buildClinic(t);
    expect((await step(owner.cookie, 2, { accessToken: '', phoneNumberId: '' })).statusCode).toBe(200);
    const three = (await step(owner.cookie, 3, sms)).json();
    expect(three.channels).toEqual({ whatsapp: false, sms: true });
    const four = await step(owner.cookie, 4, { templates: ['A', 'B', 'C', 'D'].map(template) });
    expect(four.statusCode).toBe(403);
    expect(four.json().error.message).toBe(
      'Template Limit Reached - Upgrade to Professional to add more than 3 templates',
    );
    expect((await state(owner.cookie)).json()).toMatchObject({ stepCompleted: 3, wizardCompleted: false });
  });

  // Either channel satisfies a channel step, but only when nothing of the other is half entered:
  // what is entered is saved over the channel.
  it('refuses a half-entered channel and keeps the saved one working', async () => {
    const { owner } = await buildClinic(t);
    await step(owner.cookie, 2, whatsapp);
    await step(owner.cookie, 3, sms);
    const newToken = { ...whatsapp, accessToken: `EAA${'n'.repeat(120)}` };
    for (const [n, payload] of [
      [2, { ...newToken, phoneNumberId: '' }],
      [3, { ...sms, fromNumber: '' }],
    ] as const) {
      const res = await step(owner.cookie, n, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(missing);
    }
    expect(
      (await step(owner.cookie, 2, { accessToken: '', phoneNumberId: '106540352242923' })).statusCode,
    ).toBe(200);
    expect((await state(owner.cookie)).json()).toMatchObject({
      channels: { whatsapp: true, sms: true },
      whatsappPhoneNumberId: '106540352242923',
      smsFromNumber: sms.fromNumber,
    });
  });

  it('refuses a WhatsApp token without its phone number ID when SMS is the saved channel', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await step(owner.cookie, 3, sms);
    const res = await step(owner.cookie, 2, { ...whatsapp, phoneNumberId: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(missing);
    expect((await progressOf(clinicId))?.whatsappSetupCompleted).toBe(false);
    expect((await state(owner.cookie)).json().channels).toEqual({ whatsapp: false, sms: true });
  });

  it('resumes where it was left: progress only moves forward', async () => {
    const { owner } = await buildClinic(t);
    await step(owner.cookie, 1, profile);
    await step(owner.cookie, 2, whatsapp);
    await step(owner.cookie, 1, profile);
    expect((await state(owner.cookie)).json().stepCompleted).toBe(2);
  });

  it('is for owners and admins, per clinic', async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    const staff = await buildMember(t, a.clinicId, 'staff');
    const admin = await buildMember(t, a.clinicId, 'admin');
    expect((await state(staff.cookie)).statusCode).toBe(403);
    expect((await step(staff.cookie, 1, profile)).statusCode).toBe(403);
    expect((await step(admin.cookie, 1, profile)).statusCode).toBe(200);
    expect((await state(a.owner.cookie)).json().steps.clinicProfile.completedBy).toBe(
      admin.email.split('@')[0],
    );
    expect((await state(b.owner.cookie)).json().stepCompleted).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/onboarding' })).statusCode).toBe(401);
  });

  it('refuses a step outside 1-4', async () => {
    const { owner } = await buildClinic(t);
    expect((await step(owner.cookie, 5, {})).statusCode).toBe(400);
  });
});
