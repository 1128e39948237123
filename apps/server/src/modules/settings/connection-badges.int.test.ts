import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics } from '../../db/schema';
import { twilioSandboxDemo } from '../../integrations/twilio/twilio.sandbox';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { freePort } from '../../testing/free-port';
import { createTestApp, type TestApp, testOrigin } from '../../testing/test-app';

// A credential's badge in Settings is its last real result with the time and the provider's error:
// saved is "untested", a Test connection of the saved values or a review sync decides it.

let t: TestApp;

beforeAll(async () => {
  const port = await freePort();
  // Sandbox-mode clinics reach the provider fakes this app mounts.
  t = await createTestApp({
    env: { SANDBOX_URL: `http://127.0.0.1:${port}/sandbox`, TRUSTED_ORIGINS: testOrigin },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const call = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: jsonHeaders({ cookie }), ...(payload ? { payload } : {}) });

async function sandboxClinic() {
  const clinic = await buildClinic(t);
  expect((await call(clinic.owner.cookie, 'POST', '/api/sandbox/clinic/sandbox-mode', {})).statusCode).toBe(
    200,
  );
  return clinic;
}

const settingsOf = async (cookie: string) => (await call(cookie, 'GET', '/api/settings')).json();

describe('connection badges', () => {
  it.each([
    {
      clinic: 'a Madrid clinic',
      language: 'es',
      refused: 'Twilio no aceptó las credenciales. Revíselas y guárdelas de nuevo.',
      successful: 'Conexión correcta',
    },
    {
      clinic: 'an Istanbul clinic',
      language: 'tr',
      refused: 'Twilio kimlik bilgilerini kabul etmedi. Bilgileri kontrol edip yeniden kaydedin.',
      successful: 'Bağlantı başarılı',
    },
  ] as const)(
    "$clinic: a refused Test connection (Twilio 20003) reads $language in the answer, the badge and monitoring; the provider's words stay out",
    async ({ language, refused, successful }) => {
      const { clinicId, owner } = await sandboxClinic();
      await t.db.update(clinics).set({ defaultLanguage: language }).where(eq(clinics.id, clinicId));
      const twilio = twilioSandboxDemo;
      const saved = await call(owner.cookie, 'PUT', '/api/settings/sms', {
        provider: 'twilio',
        accountSid: twilio.accountSid,
        authToken: 'e'.repeat(32),
        fromNumber: twilio.fromNumber,
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const tested = await call(owner.cookie, 'POST', '/api/settings/sms/test', {});
      expect(tested.statusCode, tested.body).toBe(200);
      expect(tested.json()).toEqual({ success: false, code: 'auth_failed', message: refused });
      expect(tested.body).not.toContain('Authenticate');
      expect((await settingsOf(owner.cookie)).sms.connection).toMatchObject({
        state: 'failed',
        detail: refused,
      });
      const monitoring = await call(owner.cookie, 'GET', '/api/monitoring');
      expect(monitoring.statusCode, monitoring.body).toBe(200);
      expect(monitoring.json().credentials.checks).toEqual([
        expect.objectContaining({ credentialType: 'twilio', status: 'unhealthy', detail: refused }),
      ]);
      expect(monitoring.body).not.toContain('Authenticate');

      const typed = await call(owner.cookie, 'POST', '/api/settings/sms/test', {
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
      });
      expect(typed.json()).toEqual({ success: true, code: null, message: successful });
    },
  );

  it('SMS: saved is untested; a failing Test connection (Twilio 20003) shows failed with its time and error', async () => {
    const { owner } = await sandboxClinic();
    const twilio = twilioSandboxDemo;
    expect((await settingsOf(owner.cookie)).sms.connection).toEqual({
      state: 'not_configured',
      checkedAt: null,
      detail: null,
    });

    const saved = await call(owner.cookie, 'PUT', '/api/settings/sms', {
      provider: 'twilio',
      accountSid: twilio.accountSid,
      authToken: 'e'.repeat(32),
      fromNumber: twilio.fromNumber,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().sms.connection).toEqual({ state: 'untested', checkedAt: null, detail: null });

    const before = Date.now();
    const tested = await call(owner.cookie, 'POST', '/api/settings/sms/test', {});
    const refused = 'Twilio did not accept the credentials. Check them and save them again.';
    expect(tested.json()).toEqual({ success: false, code: 'auth_failed', message: refused });
    const failed = (await settingsOf(owner.cookie)).sms.connection;
    expect(failed).toMatchObject({ state: 'failed', detail: refused });
    expect(Date.parse(failed.checkedAt)).toBeGreaterThanOrEqual(before - 1000);

    // A test of other values typed in the form says nothing about the saved ones.
    const typed = await call(owner.cookie, 'POST', '/api/settings/sms/test', {
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
    });
    expect(typed.json().success).toBe(true);
    expect((await settingsOf(owner.cookie)).sms.connection.state).toBe('failed');

    // The right token saved: untested again until tested, then connected.
    await call(owner.cookie, 'PUT', '/api/settings/sms', {
      provider: 'twilio',
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      fromNumber: twilio.fromNumber,
    });
    expect((await settingsOf(owner.cookie)).sms.connection.state).toBe('untested');
    expect((await call(owner.cookie, 'POST', '/api/settings/sms/test', {})).json().success).toBe(true);
    expect((await settingsOf(owner.cookie)).sms.connection).toMatchObject({
      state: 'connected',
      detail: null,
    });
  });

  it('Trustpilot: a saved key is not connected before any call; a failed sync shows failed with its reason', async () => {
    const { owner } = await sandboxClinic();
    const saved = await call(owner.cookie, 'PUT', '/api/settings/trustpilot', {
      apiKey: 'not-a-key-of-the-fake',
      businessUnitId: 'not-a-business-unit',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().trustpilot).toEqual({
      configured: true,
      connection: { state: 'untested', checkedAt: null, detail: null },
    });
    const synced = await call(owner.cookie, 'POST', '/api/reviews/sync', {});
    expect(synced.statusCode).not.toBe(200);
    const connection = (await settingsOf(owner.cookie)).trustpilot.connection;
    expect(connection.state).toBe('failed');
    expect(connection.checkedAt).not.toBeNull();
    expect(connection.detail).toMatch(/^Trustpilot /);
  });
});
