import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientAliases, reviews } from '../../db/schema';
import { buildPatient } from '../../testing/build-patient';
import {
  connectTrustpilot,
  type ReviewSandboxes,
  startReviewSandboxes,
  trustpilotReview,
} from '../../testing/build-review-source';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ingestClinicReviews } from '../ingestion/ingestion.service';

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

const match = (cookie: string, reviewId: string, patientId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/review-matches/${reviewId}/match`,
    headers: jsonHeaders({ cookie }),
    payload: { patientId },
  });
const listAliases = (cookie: string, patientId: string) =>
  t.app.inject({ method: 'GET', url: `/api/patients/${patientId}/aliases`, headers: { cookie } });
const removeAlias = (cookie: string, patientId: string, aliasId: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/patients/${patientId}/aliases/${aliasId}`,
    headers: { cookie, origin: jsonHeaders().origin },
  });
const reviewsOf = (clinicId: string, reviewerName: string) =>
  t.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.clinicId, clinicId), eq(reviews.reviewerName, reviewerName)))
    .orderBy(reviews.reviewDate);

describe('staff decisions teach the clinic its reviewers (patient aliases)', () => {
  it('a reassignment makes the next review by that name match the patient; removing the alias stops it', async () => {
    const clinic = await buildClinic(t);
    const treated = new Date(Date.now() - 20 * 86_400_000);
    const emma = await buildPatient(t, clinic.clinicId, {
      name: 'Emma Stone',
      procedure: 'Dental Implant',
      createdAt: treated,
    });
    const harriet = await buildPatient(t, clinic.clinicId, {
      name: 'Harriet Ashworth',
      procedure: 'Dental Implant',
      createdAt: treated,
    });
    const source = await connectTrustpilot(t, sandboxes, clinic, [
      trustpilotReview({ name: 'Emma S.', daysAgo: 5 }),
    ]);
    await ingestClinicReviews(t.deps, clinic.clinicId);
    const [first] = await reviewsOf(clinic.clinicId, 'Emma S.');
    expect(first).toMatchObject({ matchStatus: 'matched', patientId: emma.id });

    // Staff know better: "Emma S." is Harriet (her middle name, her maiden name).
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect((await match(staff.cookie, first!.id, harriet.id)).statusCode).toBe(200);
    const listed = await listAliases(staff.cookie, harriet.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toEqual([
      { id: expect.any(String), alias: 'Emma S.', reviewId: first!.id, createdAt: expect.any(String) },
    ]);
    expect((await listAliases(staff.cookie, emma.id)).json().items).toEqual([]);
    // Confirming again records nothing new (one alias per clinic, patient and normalised name).
    expect((await match(staff.cookie, first!.id, harriet.id)).statusCode).toBe(200);
    expect(
      await t.db.select().from(patientAliases).where(eq(patientAliases.clinicId, clinic.clinicId)),
    ).toHaveLength(1);

    // The next review by the same name matches Harriet automatically, and is trusted.
    source.unit.reviews.unshift(trustpilotReview({ name: 'EMMA S', daysAgo: 1 }));
    expect(await ingestClinicReviews(t.deps, clinic.clinicId)).toMatchObject({ ok: true, importedCount: 1 });
    const [second] = await reviewsOf(clinic.clinicId, 'EMMA S');
    expect(second).toMatchObject({ matchStatus: 'matched', patientId: harriet.id });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/review-matches/${second!.id}`,
      headers: { cookie: staff.cookie },
    });
    expect(detail.json()).toMatchObject({ needsReview: false, evidence: ['staff_alias'] });

    // Only owners and admins remove an alias; then the name is read on its own again.
    const aliasId = listed.json().items[0].id as string;
    expect((await removeAlias(staff.cookie, harriet.id, aliasId)).statusCode).toBe(403);
    expect((await removeAlias(clinic.owner.cookie, emma.id, aliasId)).statusCode).toBe(404);
    expect((await removeAlias(clinic.owner.cookie, harriet.id, aliasId)).statusCode).toBe(204);
    expect((await listAliases(staff.cookie, harriet.id)).json().items).toEqual([]);
    source.unit.reviews.unshift(trustpilotReview({ name: 'Emma S.', daysAgo: 0.5 }));
    expect(await ingestClinicReviews(t.deps, clinic.clinicId)).toMatchObject({ ok: true, importedCount: 1 });
    const third = (await reviewsOf(clinic.clinicId, 'Emma S.')).at(-1);
    expect(third).toMatchObject({ matchStatus: 'matched', patientId: emma.id });
  });

  it("keeps aliases inside their clinic: another clinic's owner gets 404 and its reviews are not matched by them", async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    const treated = new Date(Date.now() - 20 * 86_400_000);
    const aPatient = await buildPatient(t, a.clinicId, { name: 'Nora Quinn', createdAt: treated });
    const bPatient = await buildPatient(t, b.clinicId, { name: 'Olive Park', createdAt: treated });
    await connectTrustpilot(t, sandboxes, a, [trustpilotReview({ name: 'Smiley99', daysAgo: 3 })]);
    await ingestClinicReviews(t.deps, a.clinicId);
    const [review] = await reviewsOf(a.clinicId, 'Smiley99');
    expect((await match(a.owner.cookie, review!.id, aPatient.id)).statusCode).toBe(200);
    const aliasId = (await listAliases(a.owner.cookie, aPatient.id)).json().items[0].id as string;

    expect((await listAliases(b.owner.cookie, aPatient.id)).statusCode).toBe(404);
    expect((await removeAlias(b.owner.cookie, aPatient.id, aliasId)).statusCode).toBe(404);
    expect((await removeAlias(b.owner.cookie, bPatient.id, aliasId)).statusCode).toBe(404);
    expect(await t.db.select().from(patientAliases).where(eq(patientAliases.id, aliasId))).toHaveLength(1);

    await connectTrustpilot(t, sandboxes, b, [trustpilotReview({ name: 'Smiley99', daysAgo: 1 })]);
    await ingestClinicReviews(t.deps, b.clinicId);
    expect((await reviewsOf(b.clinicId, 'Smiley99'))[0]).toMatchObject({ matchStatus: 'unmatched' });
  });
});
