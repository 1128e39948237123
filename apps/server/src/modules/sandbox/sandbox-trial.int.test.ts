import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, reviews } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { freePort } from '../../testing/free-port';
import { createTestApp, type TestApp, testOrigin } from '../../testing/test-app';

// The sandbox trial without reading docs: the fakes' own credentials in one call (which then save
// and test as they are), and sample reviews that arrive through the clinic's sandbox Trustpilot page.

let t: TestApp;

beforeAll(async () => {
  const port = await freePort();
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

describe('sandbox trial', () => {
  it('refuses outside sandbox mode (409) and to staff (403), changing nothing', async () => {
    const { clinicId, owner } = await buildClinic(t);
    expect((await call(owner.cookie, 'GET', '/api/sandbox/test-credentials')).statusCode).toBe(409);
    expect((await call(owner.cookie, 'POST', '/api/sandbox/sample-reviews', {})).statusCode).toBe(409);
    expect(await t.db.select().from(reviews).where(eq(reviews.clinicId, clinicId))).toEqual([]);
    expect((await call(owner.cookie, 'POST', '/api/sandbox/clinic/sandbox-mode', {})).statusCode).toBe(200);
    const staff = await buildMember(t, clinicId, 'staff');
    expect((await call(staff.cookie, 'GET', '/api/sandbox/test-credentials')).statusCode).toBe(403);
    expect((await call(staff.cookie, 'POST', '/api/sandbox/sample-reviews', {})).statusCode).toBe(403);
  });

  it("offers the fakes' test values, which save and pass Test connection as they are", async () => {
    const { owner } = await buildClinic(t);
    expect((await call(owner.cookie, 'POST', '/api/sandbox/clinic/sandbox-mode', {})).statusCode).toBe(200);
    const values = await call(owner.cookie, 'GET', '/api/sandbox/test-credentials');
    expect(values.statusCode).toBe(200);
    const { whatsapp, sms } = values.json();
    expect((await call(owner.cookie, 'PUT', '/api/settings/whatsapp', whatsapp)).statusCode).toBe(200);
    expect((await call(owner.cookie, 'PUT', '/api/settings/sms', sms)).statusCode).toBe(200);
    expect((await call(owner.cookie, 'POST', '/api/settings/whatsapp/test', {})).json()).toEqual({
      success: true,
      code: null,
      message: 'Connection successful',
    });
    expect((await call(owner.cookie, 'POST', '/api/settings/sms/test', {})).json()).toEqual({
      success: true,
      code: null,
      message: 'Connection successful',
    });
  });

  it("adds sample reviews in the clinic's language through its sandbox Trustpilot page; Trustpilot is connected", async () => {
    const { clinicId, owner } = await buildClinic(t);
    await t.db.update(clinics).set({ defaultLanguage: 'es' }).where(eq(clinics.id, clinicId));
    expect((await call(owner.cookie, 'POST', '/api/sandbox/clinic/sandbox-mode', {})).statusCode).toBe(200);
    const added = await call(owner.cookie, 'POST', '/api/sandbox/sample-reviews', {});
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ posted: 3, imported: 3 });
    const stored = await t.db.select().from(reviews).where(eq(reviews.clinicId, clinicId));
    expect(stored.map((r) => r.rating).sort()).toEqual([2, 4, 5]);
    expect(stored.map((r) => r.reviewerName).sort()).toEqual(['Carmen V.', 'Javier M.', 'Lucía R.']);
    const settings = (await call(owner.cookie, 'GET', '/api/settings')).json();
    expect(settings.trustpilot.connection.state).toBe('connected');
    // Again: three more, none imported twice.
    expect((await call(owner.cookie, 'POST', '/api/sandbox/sample-reviews', {})).json()).toEqual({
      posted: 3,
      imported: 3,
    });
    expect(await t.db.select().from(reviews).where(eq(reviews.clinicId, clinicId))).toHaveLength(6);
  });
});
