import { CareLoop, CareLoopError } from '@careloop/sdk';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickStart } from '../../../../../packages/sdk/examples/quick-start';
import { patients } from '../../db/schema';
import { buildApiClient } from '../../testing/build-api-client';
import { buildPatientRow, buildReview } from '../../testing/build-review';
import { buildClinic } from '../../testing/build-user';
import { portOf } from '../../testing/free-port';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The TypeScript SDK against the real server over HTTP: the README's example as it is written.
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${portOf(t.app.server)}`;
});
afterAll(async () => {
  await t?.close();
});

describe('@careloop/sdk', () => {
  it("runs the README's quick start: a token, a patient created once, the clinic's reviews", async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    await buildReview(t, { clinicId, rating: 5, patientName: 'Ana Ruiz' });
    await buildReview(t, { clinicId: (await buildClinic(t, { tier: 'professional' })).clinicId, rating: 1 });
    const client = await buildApiClient(t, owner);

    const first = await quickStart(baseUrl, client.clientId, client.clientSecret);
    const again = await quickStart(baseUrl, client.clientId, client.clientSecret);

    expect(first.patient).toMatchObject({
      name: 'Maria Santos',
      phone: '+34600000000',
      status: 'active',
      procedure_date: '2026-03-02',
      language: 'es',
    });
    expect(again.patient.id).toBe(first.patient.id); // the same idempotency key: no second patient
    const stored = await t.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.clinicId, clinicId), eq(patients.name, 'Maria Santos')));
    expect(stored).toEqual([{ id: first.patient.id }]);
    expect(first.reviews.data.map((r) => [r.platform, r.rating])).toEqual([['trustpilot', 5]]);
    expect(first.reviews.next_cursor).toBeNull();
  });

  it('throws CareLoopError with the status and code: wrong secret, missing scope, another clinic, bad input', async () => {
    const { owner } = await buildClinic(t, { tier: 'professional' });
    const other = await buildClinic(t, { tier: 'professional' });
    const theirs = await buildPatientRow(t, other.clinicId, 'Bo Li');
    const client = await buildApiClient(t, owner, { scopes: ['reviews:read', 'patients:read'] });
    const caught = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );

    const wrongSecret = new CareLoop({ baseUrl, clientId: client.clientId, clientSecret: 'not-the-secret' });
    expect(await caught(wrongSecret.reviews.list())).toMatchObject({ status: 401, code: 'invalid_client' });

    const careloop = new CareLoop({ baseUrl, clientId: client.clientId, clientSecret: client.clientSecret });
    const refused = await caught(careloop.patients.create({ name: 'Carmen Vidal' }));
    expect(refused).toBeInstanceOf(CareLoopError);
    expect(refused).toMatchObject({ status: 403 });
    expect(await caught(careloop.patients.get(theirs.id))).toMatchObject({ status: 404 });
    expect(await caught(careloop.reviews.list({ rating: 9 } as never))).toMatchObject({ status: 400 });
    expect((await careloop.patients.list()).data).toEqual([]);
  });

  it('takes a token given instead of client credentials', async () => {
    const { owner } = await buildClinic(t, { tier: 'professional' });
    const client = await buildApiClient(t, owner);
    const granted = await fetch(`${baseUrl}/api/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: client.clientSecret,
      }),
    });
    const token = ((await granted.json()) as { access_token: string }).access_token;
    const analytics = await new CareLoop({ baseUrl, accessToken: token }).analytics.get();
    expect(analytics.kpis).toMatchObject({ patients_total: 0, reviews_total: 0 });
    expect(analytics.trends).toHaveLength(12);
  });
});
