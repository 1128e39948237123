import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients, reviews } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { freePort } from '../../testing/free-port';
import { createTestApp, type TestApp, testOrigin } from '../../testing/test-app';

// A clinic's own page on the Trustpilot fake (sandbox only): a posted review reaches the clinic
// through Settings > Trustpilot and Sync Reviews, matched to its patient like a real one; another
// clinic's page and reviews stay its own.

let t: TestApp;

beforeAll(async () => {
  const port = await freePort();
  // The clinic's Trustpilot client reaches the fake this app mounts.
  t = await createTestApp({
    env: { SANDBOX_URL: `http://127.0.0.1:${port}/sandbox`, TRUSTED_ORIGINS: testOrigin },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const post = (
  cookie: string | undefined,
  url: string,
  payload: Record<string, unknown>,
  method: 'POST' | 'PUT' = 'POST',
) => t.app.inject({ method, url, headers: jsonHeaders(cookie ? { cookie } : {}), payload });

const review = (reviewerName: string, text: string, stars = 5) => ({
  stars,
  reviewerName,
  title: 'Muy contenta',
  text,
  language: 'es',
  createdAt: '2026-03-20T10:00:00Z',
});

async function sandboxClinicWithPatient(name: string) {
  const clinic = await buildClinic(t);
  expect((await post(clinic.owner.cookie, '/api/sandbox/clinic/sandbox-mode', {})).statusCode).toBe(200);
  const patientId = `P-${clinic.clinicId}`;
  await t.db.insert(patients).values({
    clinicId: clinic.clinicId,
    id: patientId,
    name,
    phone: '+34612345678',
    procedure: 'Implante dental',
    procedureDate: new Date('2026-03-02T00:00:00Z'),
  });
  return { ...clinic, patientId };
}

const reviewsOf = (clinicId: string) => t.db.select().from(reviews).where(eq(reviews.clinicId, clinicId));

describe('POST /api/sandbox/trustpilot/reviews', () => {
  it("posts on the clinic's own page; connected in Settings, Sync Reviews imports it matched to the patient", async () => {
    const clinic = await sandboxClinicWithPatient('María García López');
    const other = await sandboxClinicWithPatient('María García López');

    const posted = await post(
      clinic.owner.cookie,
      '/api/sandbox/trustpilot/reviews',
      review('María García López', 'Todo perfecto, muy buena atención.'),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const page = posted.json();
    expect(page).toMatchObject({ apiKey: expect.any(String), businessUnitId: expect.any(String) });
    // A second review goes on the same page; another clinic gets a page of its own.
    const again = await post(
      clinic.owner.cookie,
      '/api/sandbox/trustpilot/reviews',
      review('Ana P.', 'Bien', 4),
    );
    expect(again.json()).toMatchObject({ apiKey: page.apiKey, businessUnitId: page.businessUnitId });
    const othersPage = (
      await post(other.owner.cookie, '/api/sandbox/trustpilot/reviews', review('Luis M.', 'Regular', 3))
    ).json();
    expect(othersPage.businessUnitId).not.toBe(page.businessUnitId);

    const saved = await post(
      clinic.owner.cookie,
      '/api/settings/trustpilot',
      { apiKey: page.apiKey, businessUnitId: page.businessUnitId },
      'PUT',
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const synced = await post(clinic.owner.cookie, '/api/reviews/sync', {});
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toMatchObject({ imported_count: 2 });

    const [matched] = (await reviewsOf(clinic.clinicId)).filter(
      (r) => r.reviewerName === 'María García López',
    );
    expect(matched).toMatchObject({ rating: 5, matchStatus: 'matched', patientId: clinic.patientId });
    // Nothing reached the other clinic, which has not connected any page.
    expect(await reviewsOf(other.clinicId)).toEqual([]);
    const otherPatient = await t.db
      .select()
      .from(patients)
      .where(and(eq(patients.clinicId, other.clinicId), eq(patients.id, other.patientId)));
    expect(otherPatient).toHaveLength(1);
  });

  it('answers 401 without a session, 403 to staff, 409 outside sandbox mode, 400 on a bad review; posts nothing then', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const staff = await buildMember(t, clinicId, 'staff');
    const body = review('María García', 'Genial');
    expect((await post(undefined, '/api/sandbox/trustpilot/reviews', body)).statusCode).toBe(401);
    expect((await post(staff.cookie, '/api/sandbox/trustpilot/reviews', body)).statusCode).toBe(403);
    expect((await post(owner.cookie, '/api/sandbox/trustpilot/reviews', body)).statusCode).toBe(409);
    expect((await post(owner.cookie, '/api/sandbox/clinic/sandbox-mode', {})).statusCode).toBe(200);
    for (const bad of [
      { ...body, stars: 6 },
      { ...body, reviewerName: ' ' },
      { ...body, createdAt: 'soon' },
    ]) {
      expect((await post(owner.cookie, '/api/sandbox/trustpilot/reviews', bad)).statusCode).toBe(400);
    }
    const first = (await post(owner.cookie, '/api/sandbox/trustpilot/reviews', body)).json();
    const units = t.deps.sandboxes.trustpilot.businessUnits.get(first.businessUnitId);
    expect(units?.reviews).toHaveLength(1);
  });
});
