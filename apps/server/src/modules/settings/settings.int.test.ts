import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicAutomationConfigs, secrets, userActions } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import {
  type ChannelSandboxes,
  channelSandboxCredentials,
  startChannelSandboxes,
} from '../../testing/channel-sandboxes';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let sandboxes: ChannelSandboxes;
beforeAll(async () => {
  sandboxes = await startChannelSandboxes();
  t = await createTestApp({ env: sandboxes.env });
});
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
});

const call = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: jsonHeaders({ cookie }),
    ...(payload === undefined ? {} : { payload }),
  });

const token = (length: number) => `EAA${'x'.repeat(length - 3)}`;
const sid = (length: number) => `AC${'1'.repeat(length - 2)}`;
const { whatsapp: wa, twilio } = channelSandboxCredentials;

async function secretNames(clinicId: string) {
  const rows = await t.db.select({ name: secrets.name }).from(secrets).where(eq(secrets.clinicId, clinicId));
  return rows.map((r) => r.name).sort();
}

describe('GET /api/settings', () => {
  it('answers 401 without a session and 403 for staff', async () => {
    const { clinicId } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    const res = await call(staff.cookie, 'GET', '/api/settings');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('shows a new starter clinic with nothing connected, the AI feature unavailable and 3 templates', async () => {
    const { owner } = await buildClinic(t, { practiceName: 'Sunrise Dental' });
    const body = (await call(owner.cookie, 'GET', '/api/settings')).json();
    expect(body.clinic).toMatchObject({
      name: 'Sunrise Dental',
      planTier: 'starter',
      brandTone: 'professional',
    });
    const notConfigured = { state: 'not_configured', checkedAt: null, detail: null };
    expect(body.trustpilot).toEqual({ configured: false, connection: notConfigured });
    expect(body.whatsapp).toEqual({
      enabled: false,
      phoneNumberId: null,
      hasAccessToken: false,
      hasAppSecret: false,
      templateName: 'careloop_follow_up',
      templateLanguage: null,
      connection: notConfigured,
    });
    expect(body.aiReviewResponse).toEqual({ available: false, enabled: false, threshold: 3, delayHours: 2 });
    expect(body.templateLimit).toBe(3);
  });

  it('lets an admin in, and shows one clinic nothing of another', async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    const admin = await buildMember(t, a.clinicId, 'admin');
    expect(
      (await call(admin.cookie, 'PUT', '/api/settings/trustpilot', { apiKey: 'k', businessUnitId: 'u' }))
        .statusCode,
    ).toBe(200);
    expect((await call(a.owner.cookie, 'GET', '/api/settings')).json().trustpilot.configured).toBe(true);
    expect((await call(b.owner.cookie, 'GET', '/api/settings')).json().trustpilot.configured).toBe(false);
    expect(await secretNames(b.clinicId)).toEqual([]);
  });
});

describe('PUT /api/settings/category', () => {
  it.each([
    ['hair_transplant', 200],
    ['veterinary', 400],
  ])('%s -> %i', async (category, status) => {
    const { owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'PUT', '/api/settings/category', { category });
    expect(res.statusCode).toBe(status);
    const saved = (await call(owner.cookie, 'GET', '/api/settings')).json().clinic.category;
    expect(saved).toBe(status === 200 ? category : null);
  });
});

describe('PUT /api/settings/whatsapp', () => {
  // Each clinic registers its own template with Meta, under a name and a language code of its choosing.
  it('keeps the clinic’s approved template name and language; bad ones are a 400 naming the field', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const save = (extra: object) =>
      call(owner.cookie, 'PUT', '/api/settings/whatsapp', {
        accessToken: token(100),
        phoneNumberId: '1065',
        ...extra,
      });
    const saved = await save({ templateName: 'clinica_sol_seguimiento', templateLanguage: 'es_ES' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().whatsapp).toMatchObject({
      templateName: 'clinica_sol_seguimiento',
      templateLanguage: 'es_ES',
    });
    const config = async () =>
      (
        await t.db
          .select()
          .from(clinicAutomationConfigs)
          .where(eq(clinicAutomationConfigs.clinicId, clinicId))
      )[0];
    for (const [extra, field] of [
      [{ templateName: 'Follow-Up' }, 'templateName'],
      [{ templateName: 'seguimiento clínica' }, 'templateName'],
      [{ templateLanguage: 'es-ES' }, 'templateLanguage'],
      [{ templateLanguage: 'spanish' }, 'templateLanguage'],
    ] as const) {
      const before = await config();
      const res = await save(extra);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
      expect(await config()).toEqual(before);
    }
    // Left out: kept; '' for the language: each patient's own again.
    expect((await save({})).json().whatsapp.templateName).toBe('clinica_sol_seguimiento');
    expect((await save({ templateLanguage: '' })).json().whatsapp.templateLanguage).toBeNull();
  });

  it.each([
    ['no token', '', 'Access token is required'],
    ['a token without EAA', `EAB${'x'.repeat(120)}`, "WhatsApp Access Token must start with 'EAA'"],
    ['a 99-character token', token(99), 'Token appears to be too short'],
  ])('refuses %s with the spec message and saves nothing', async (_label, accessToken, message) => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'PUT', '/api/settings/whatsapp', {
      accessToken,
      phoneNumberId: '123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message, details: [{ field: 'accessToken', message }] });
    expect(await secretNames(clinicId)).toEqual([]);
    const config = await t.db
      .select()
      .from(clinicAutomationConfigs)
      .where(eq(clinicAutomationConfigs.clinicId, clinicId));
    expect(config).toEqual([]);
  });

  it('saves a 100-character token as secrets, stores only their names, and never returns or logs it', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const accessToken = token(100);
    const appSecret = 'app-secret-value-0123456789';
    const res = await call(owner.cookie, 'PUT', '/api/settings/whatsapp', {
      accessToken,
      phoneNumberId: '1065',
      appSecret,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().whatsapp).toEqual({
      enabled: true,
      phoneNumberId: '1065',
      hasAccessToken: true,
      hasAppSecret: true,
      templateName: 'careloop_follow_up',
      templateLanguage: null,
      // Saved, not yet tried against WhatsApp.
      connection: { state: 'untested', checkedAt: null, detail: null },
    });
    expect(res.body).not.toContain(accessToken);
    expect(res.body).not.toContain(appSecret);
    expect(t.logLines.join('\n')).not.toContain(accessToken);
    expect(await secretNames(clinicId)).toEqual(
      [
        `WHATSAPP_ACCESS_TOKEN_${clinicId}`,
        `WHATSAPP_APP_SECRET_${clinicId}`,
        `WHATSAPP_PHONE_NUMBER_ID_${clinicId}`,
      ].sort(),
    );
    const [config] = await t.db
      .select()
      .from(clinicAutomationConfigs)
      .where(eq(clinicAutomationConfigs.clinicId, clinicId));
    expect(config!.whatsappSecretName).toBe(`WHATSAPP_ACCESS_TOKEN_${clinicId}`);
    expect(JSON.stringify(config)).not.toContain(accessToken);

    // A blank token keeps the saved one; the phone number id changes.
    const again = await call(owner.cookie, 'PUT', '/api/settings/whatsapp', {
      accessToken: '',
      phoneNumberId: '2077',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().whatsapp).toMatchObject({ phoneNumberId: '2077', hasAccessToken: true });
    const audited = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.clinicId, clinicId), like(userActions.action, 'settings_whatsapp%')));
    expect(audited).toHaveLength(2);
  });

  it('answers 403 to staff and saves nothing', async () => {
    const { clinicId } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    const res = await call(staff.cookie, 'PUT', '/api/settings/whatsapp', {
      accessToken: token(120),
      phoneNumberId: '1',
    });
    expect(res.statusCode).toBe(403);
    expect(await secretNames(clinicId)).toEqual([]);
  });
});

describe('PUT /api/settings/sms', () => {
  it.each([
    ['33-character SID', sid(33), 'x'.repeat(32), 400, 'SID must be exactly 34 characters'],
    ['34-character SID', sid(34), 'x'.repeat(32), 200, null],
    ['35-character SID', sid(35), 'x'.repeat(32), 400, 'SID must be exactly 34 characters'],
    ['SID without AC', `XY${'1'.repeat(32)}`, 'x'.repeat(32), 400, "Account SID must start with 'AC'"],
    ['31-character token', sid(34), 'x'.repeat(31), 400, 'Auth token appears to be too short'],
  ])('%s -> %s', async (_label, accountSid, authToken, status, message) => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'PUT', '/api/settings/sms', {
      provider: 'twilio',
      accountSid,
      authToken,
      fromNumber: '+1 415 555 2671',
    });
    expect(res.statusCode).toBe(status);
    if (message) {
      expect(res.json().error.message).toBe(message);
      expect(await secretNames(clinicId)).toEqual([]);
    } else {
      expect(res.json().sms).toEqual({
        enabled: true,
        provider: 'twilio',
        fromNumber: '+14155552671',
        hasAccountSid: true,
        hasAuthToken: true,
        connection: { state: 'untested', checkedAt: null, detail: null },
      });
      expect(res.body).not.toContain(authToken);
    }
  });

  it('refuses a from number that is not a phone number', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'PUT', '/api/settings/sms', {
      accountSid: sid(34),
      authToken: 'x'.repeat(32),
      fromNumber: 'call me',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('fromNumber');
    expect(await secretNames(clinicId)).toEqual([]);
  });
});

describe('PUT /api/settings/ai-review-response (plan gate on the server)', () => {
  it.each([
    ['starter', 403],
    ['premium', 200],
    ['professional', 200],
    ['enterprise', 200],
  ] as const)('%s -> %s', async (tier, status) => {
    const { owner } = await buildClinic(t, { tier });
    const res = await call(owner.cookie, 'PUT', '/api/settings/ai-review-response', {
      enabled: true,
      threshold: 2,
      delayHours: 8,
    });
    expect(res.statusCode).toBe(status);
    const ai = (await call(owner.cookie, 'GET', '/api/settings')).json().aiReviewResponse;
    if (status === 403) {
      expect(res.json().error).toEqual({
        code: 'PLAN_REQUIRED',
        message: 'This feature requires Professional or Enterprise plan',
      });
      expect(ai).toMatchObject({ available: false, enabled: false });
    } else {
      expect(ai).toEqual({ available: true, enabled: true, threshold: 2, delayHours: 8 });
    }
  });

  it.each([
    [{ enabled: true, threshold: 4, delayHours: 2 }],
    [{ enabled: true, threshold: 3, delayHours: 3 }],
  ])('refuses %j with 400 and changes nothing', async (payload) => {
    const { owner } = await buildClinic(t, { tier: 'professional' });
    const res = await call(owner.cookie, 'PUT', '/api/settings/ai-review-response', payload);
    expect(res.statusCode).toBe(400);
    const ai = (await call(owner.cookie, 'GET', '/api/settings')).json().aiReviewResponse;
    expect(ai).toMatchObject({ enabled: false, threshold: 3, delayHours: 2 });
  });
});

describe('Test connection against the provider sandboxes', () => {
  it('WhatsApp: succeeds with a known token and number, fails with the provider reason for a wrong token', async () => {
    const { owner } = await buildClinic(t);
    const ok = await call(owner.cookie, 'POST', '/api/settings/whatsapp/test', wa);
    expect(ok.json()).toEqual({ success: true, code: null, message: 'Connection successful' });

    const bad = await call(owner.cookie, 'POST', '/api/settings/whatsapp/test', {
      accessToken: token(120),
      phoneNumberId: wa.phoneNumberId,
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({
      success: false,
      code: 'auth_failed',
      message: 'WhatsApp did not accept the credentials. Check them and save them again.',
    });
    // The provider's own words are for operators only.
    expect(bad.body).not.toContain('OAuth');
    expect(sandboxes.whatsapp.requests.at(-1)).toContain(`/v21.0/${wa.phoneNumberId}?fields=`);
  });

  it('WhatsApp: uses the saved token when the form leaves it blank', async () => {
    const { owner } = await buildClinic(t);
    await call(owner.cookie, 'PUT', '/api/settings/whatsapp', wa);
    const res = await call(owner.cookie, 'POST', '/api/settings/whatsapp/test', {});
    expect(res.json()).toEqual({ success: true, code: null, message: 'Connection successful' });
  });

  it('Twilio: succeeds with the account SID and token, fails with 20003 for a wrong token', async () => {
    const { owner } = await buildClinic(t);
    const ok = await call(owner.cookie, 'POST', '/api/settings/sms/test', twilio);
    expect(ok.json()).toEqual({ success: true, code: null, message: 'Connection successful' });
    const bad = await call(owner.cookie, 'POST', '/api/settings/sms/test', {
      accountSid: twilio.accountSid,
      authToken: 'e'.repeat(32),
    });
    expect(bad.json()).toEqual({
      success: false,
      code: 'auth_failed',
      message: 'Twilio did not accept the credentials. Check them and save them again.',
    });
    expect(bad.body).not.toContain('e'.repeat(32));
  });

  it('refuses a test with nothing typed and nothing saved', async () => {
    const { owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'POST', '/api/settings/whatsapp/test', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Access token is required');
  });
});
