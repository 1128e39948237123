import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectGoogle,
  connectTrustpilot,
  googleReview,
  type ReviewSandboxes,
  startReviewSandboxes,
  trustpilotReview,
} from '../../testing/build-review-source';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The dashboard tells the truth: Review Monitoring says ACTIVE only when the clinic's latest sync succeeded.
let t: TestApp;
let sandboxes: ReviewSandboxes;
beforeAll(async () => {
  sandboxes = await startReviewSandboxes();
  t = await createTestApp({ env: sandboxes.env });
});
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
});

async function monitoring(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().system.reviewMonitoring;
}
const sync = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/reviews/sync', headers: jsonHeaders({ cookie }), payload: {} });
const saveSecret = (cookie: string, name: string, value: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/secrets',
    headers: jsonHeaders({ cookie }),
    payload: { name, value },
  });

describe('Review Monitoring on the dashboard', () => {
  it('is not configured, then waiting, then active after a sync, failing since the first failure, active again once fixed', async () => {
    const clinic = await buildClinic(t);
    const cookie = clinic.owner.cookie;
    expect(await monitoring(cookie)).toEqual({
      state: 'notConfigured',
      lastSuccessAt: null,
      failingSince: null,
      failingProvider: null,
      errorCode: null,
    });

    const source = await connectTrustpilot(t, sandboxes, clinic, [trustpilotReview({ stars: 5 })]);
    expect((await monitoring(cookie)).state).toBe('pending');

    const before = Date.now();
    expect((await sync(cookie)).statusCode).toBe(200);
    const active = await monitoring(cookie);
    expect(active).toMatchObject({ state: 'active', failingSince: null, errorCode: null });
    expect(Date.parse(active.lastSuccessAt)).toBeGreaterThanOrEqual(before - 1000);

    // The key stops working: the next sync fails and the dashboard says so, naming provider and reason.
    expect(
      (await saveSecret(cookie, `TRUSTPILOT_API_KEY_${clinic.clinicId}`, 'revoked-key')).statusCode,
    ).toBe(201);
    expect((await sync(cookie)).statusCode).toBe(502);
    const failing = await monitoring(cookie);
    expect(failing).toMatchObject({
      state: 'failing',
      lastSuccessAt: active.lastSuccessAt,
      failingProvider: 'trustpilot',
      errorCode: 'PROVIDER_AUTH_FAILED',
    });
    expect(Date.parse(failing.failingSince)).toBeGreaterThanOrEqual(Date.parse(active.lastSuccessAt));

    // A second failure keeps the start of the run of failures.
    expect((await sync(cookie)).statusCode).toBe(502);
    expect((await monitoring(cookie)).failingSince).toBe(failing.failingSince);

    // Fixed: active again, with the new success time.
    await saveSecret(cookie, `TRUSTPILOT_API_KEY_${clinic.clinicId}`, source.apiKey);
    expect((await sync(cookie)).statusCode).toBe(200);
    const fixed = await monitoring(cookie);
    expect(fixed).toMatchObject({
      state: 'active',
      failingSince: null,
      errorCode: null,
      failingProvider: null,
    });
    expect(Date.parse(fixed.lastSuccessAt)).toBeGreaterThan(Date.parse(active.lastSuccessAt));
  });

  it('is failing when one of two sources fails, even though the other one imported', async () => {
    const clinic = await buildClinic(t);
    await connectTrustpilot(t, sandboxes, clinic, [trustpilotReview()]);
    await connectGoogle(t, sandboxes, clinic, [googleReview()]);
    await saveSecret(clinic.owner.cookie, `GOOGLE_LOCATION_ID_${clinic.clinicId}`, '999');
    expect((await sync(clinic.owner.cookie)).statusCode).toBe(502);
    expect(await monitoring(clinic.owner.cookie)).toMatchObject({
      state: 'failing',
      failingProvider: 'google',
      errorCode: 'PROVIDER_NOT_FOUND',
    });
  });

  it("is per clinic: another clinic's failing sync leaves this clinic's status alone", async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    await connectTrustpilot(t, sandboxes, a, [trustpilotReview()]);
    await connectTrustpilot(t, sandboxes, b, []);
    expect((await sync(a.owner.cookie)).statusCode).toBe(200);
    await saveSecret(b.owner.cookie, `TRUSTPILOT_API_KEY_${b.clinicId}`, 'wrong');
    expect((await sync(b.owner.cookie)).statusCode).toBe(502);
    expect((await monitoring(a.owner.cookie)).state).toBe('active');
    expect((await monitoring(b.owner.cookie)).state).toBe('failing');
  });
});
