import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicSurveySettings } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const url = '/api/surveys/settings';
const call = (cookie: string, method: 'GET' | 'PUT', payload?: object) =>
  t.app.inject({ method, url, headers: jsonHeaders({ cookie }), ...(payload ? { payload } : {}) });

const validSettings = {
  enabled: true,
  dayAfterProcedure: 5,
  channel: 'whatsapp',
  googleReviewUrl: 'https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
  trustpilotReviewUrl: 'https://www.trustpilot.com/evaluate/clinic.example',
} as const;

async function stored(clinicId: string) {
  const [row] = await t.db
    .select()
    .from(clinicSurveySettings)
    .where(eq(clinicSurveySettings.clinicId, clinicId));
  return row ?? null;
}

describe('survey settings routes', () => {
  it('answers 401 without a session and 403 for staff; nothing stored', async () => {
    const { clinicId } = await buildClinic(t, { tier: 'professional' });
    const staff = await buildMember(t, clinicId, 'staff');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await call(staff.cookie, 'GET')).statusCode).toBe(403);
    expect((await call(staff.cookie, 'PUT', validSettings)).statusCode).toBe(403);
    expect(await stored(clinicId)).toBeNull();
  });

  it("a Starter clinic gets the spec's locked-feature text on GET and PUT, and nothing is stored", async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'starter' });
    for (const res of [await call(owner.cookie, 'GET'), await call(owner.cookie, 'PUT', validSettings)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'PLAN_REQUIRED',
        message: 'This feature requires Professional or Enterprise plan',
      });
    }
    expect(await stored(clinicId)).toBeNull();
  });

  it('a Professional clinic that never saved sees surveys off, day 3, SMS, no links', async () => {
    const { owner } = await buildClinic(t, { tier: 'professional' });
    const res = await call(owner.cookie, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: false,
      dayAfterProcedure: 3,
      channel: 'sms',
      googleReviewUrl: null,
      trustpilotReviewUrl: null,
    });
  });

  it('an Enterprise admin saves the settings and reads them back', async () => {
    const { clinicId } = await buildClinic(t, { tier: 'enterprise' });
    const admin = await buildMember(t, clinicId, 'admin');
    const put = await call(admin.cookie, 'PUT', validSettings);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ message: 'Survey settings saved', settings: validSettings });
    expect((await call(admin.cookie, 'GET')).json()).toEqual(validSettings);
    expect(await stored(clinicId)).toMatchObject(validSettings);
  });

  it.each([
    [{ ...validSettings, dayAfterProcedure: 61 }, 'dayAfterProcedure'],
    [{ ...validSettings, dayAfterProcedure: 0 }, 'dayAfterProcedure'],
    [{ ...validSettings, channel: 'fax' }, 'channel'],
    [{ ...validSettings, googleReviewUrl: 'https://evil.example/writereview' }, 'googleReviewUrl'],
    [
      { ...validSettings, trustpilotReviewUrl: 'http://www.trustpilot.com/evaluate/x.com' },
      'trustpilotReviewUrl',
    ],
    [{ ...validSettings, reviewGating: true }, ''],
  ])('refuses %j with 400 naming %s, and keeps the stored settings', async (body, field) => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    await call(owner.cookie, 'PUT', { enabled: false, dayAfterProcedure: 7 });
    const before = await stored(clinicId);
    const res = await call(owner.cookie, 'PUT', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field ?? '').toBe(field);
    expect(await stored(clinicId)).toEqual(before);
  });

  it('a stored link that no longer passes is shown as none, and only it: the channel and the other link stay', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    await t.db.insert(clinicSurveySettings).values({
      clinicId,
      enabled: true,
      dayAfterProcedure: 5,
      channel: 'whatsapp',
      googleReviewUrl: 'https://g.page/ClinicaSol',
      trustpilotReviewUrl: validSettings.trustpilotReviewUrl,
    });
    const res = await call(owner.cookie, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: true,
      dayAfterProcedure: 5,
      channel: 'whatsapp',
      googleReviewUrl: null,
      trustpilotReviewUrl: validSettings.trustpilotReviewUrl,
    });
  });

  it("one clinic's settings are not another's", async () => {
    const a = await buildClinic(t, { tier: 'professional' });
    const b = await buildClinic(t, { tier: 'professional' });
    await call(a.owner.cookie, 'PUT', validSettings);
    expect((await call(b.owner.cookie, 'GET')).json().enabled).toBe(false);
  });
});
