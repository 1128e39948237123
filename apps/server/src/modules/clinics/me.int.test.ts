import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics } from '../../db/schema';
import { buildClinic, buildUser, signIn } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/me and tenancy', () => {
  it('answers 401 Not authenticated without a session, and with a forged cookie', async () => {
    for (const headers of [{}, { cookie: 'careloop.session_token=forged.value' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Not authenticated');
    }
  });

  it("answers 403 'No clinic found' for a user who belongs to no clinic", async () => {
    const user = await buildUser(t);
    const cookie = await signIn(t, user.email, user.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'NO_CLINIC', message: 'No clinic found' });
  });

  it('two clinics each see only their own clinic', async () => {
    const a = await buildClinic(t, { practiceName: 'Clinic A' });
    const b = await buildClinic(t, { practiceName: 'Clinic B' });
    const meA = (
      await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: a.owner.cookie } })
    ).json();
    const meB = (
      await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: b.owner.cookie } })
    ).json();
    expect(meA.clinic).toMatchObject({ id: a.clinicId, name: 'Clinic A' });
    expect(meB.clinic).toMatchObject({ id: b.clinicId, name: 'Clinic B' });
  });

  it("says the clinic's time zone (the web app shows times in it)", async () => {
    const clinic = await buildClinic(t);
    await t.db.update(clinics).set({ timeZone: 'Asia/Tokyo' }).where(eq(clinics.id, clinic.clinicId));
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: clinic.owner.cookie },
    });
    expect(me.json().clinic.timeZone).toBe('Asia/Tokyo');
  });

  it('a session older than the absolute lifetime is refused and revoked', async () => {
    const short = await createTestApp({ env: { SESSION_ABSOLUTE_DAYS: '0.00001' } });
    try {
      const { owner } = await buildClinic(short);
      await new Promise((r) => setTimeout(r, 1100));
      const res = await short.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: owner.cookie },
      });
      expect(res.statusCode).toBe(401);
      const session = await short.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { cookie: owner.cookie },
      });
      expect(session.json()).toBeNull();
    } finally {
      await short.close();
    }
  });
});
