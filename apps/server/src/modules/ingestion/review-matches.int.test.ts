import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, userActions } from '../../db/schema';
import { buildPatient } from '../../testing/build-patient';
import { buildReview } from '../../testing/build-review';
import {
  connectTrustpilot,
  type ReviewSandboxes,
  startReviewSandboxes,
  trustpilotReview,
} from '../../testing/build-review-source';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ingestClinicReviews } from './ingestion.service';
import { reviewMatchChangedAction } from './review-matches.service';

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

const get = (cookie: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/review-matches/${id}`, headers: { cookie } });
const match = (cookie: string, id: string, patientId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/review-matches/${id}/match`,
    headers: jsonHeaders({ cookie }),
    payload: { patientId },
  });
const unmatch = (cookie: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/review-matches/${id}/unmatch`,
    headers: { cookie, origin: jsonHeaders().origin },
  });
const readReview = async (clinicId: string, id: string) =>
  (
    await t.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.clinicId, clinicId), eq(reviews.id, id)))
  )[0]!;

describe('staff in the loop on review matches', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/review-matches/rev_x' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/review-matches/rev_x/unmatch' })).statusCode,
    ).toBe(401);
  });

  it('shows the engine candidates, flags an unsure match, and records who changed what from what to what', async () => {
    const clinic = await buildClinic(t);
    const treated = new Date(Date.now() - 30 * 86_400_000);
    const first = await buildPatient(t, clinic.clinicId, { name: 'Laura Gómez Ruiz', createdAt: treated });
    const second = await buildPatient(t, clinic.clinicId, { name: 'Laura Gómez Soto', createdAt: treated });
    const { review } = await buildReview(t, {
      clinicId: clinic.clinicId,
      reviewerName: 'Laura G.',
      title: 'Fine',
      reviewText: 'All good.',
      reviewDate: new Date(),
      matchStatus: 'multiple_matches',
      matchConfidence: 0.4,
    });

    const before = await get(clinic.owner.cookie, review.id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      reviewId: review.id,
      matchStatus: 'multiple_matches',
      patient: null,
      decidedBy: 'engine',
      needsReview: true,
      history: [],
    });
    expect(
      before
        .json()
        .candidates.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());

    const staff = await buildMember(t, clinic.clinicId, 'staff');
    const picked = await match(staff.cookie, review.id, second.id);
    expect(picked.statusCode).toBe(200);
    expect(picked.json()).toMatchObject({
      matchStatus: 'matched',
      matchConfidence: 1,
      patient: { id: second.id, name: 'Laura Gómez Soto' },
      decidedBy: 'staff',
      needsReview: false,
    });
    expect(picked.json().history).toEqual([
      expect.objectContaining({
        decision: 'match',
        by: { id: staff.userId, name: expect.any(String) },
        from: { matchStatus: 'multiple_matches', patientId: null, matchConfidence: 0.4 },
        to: { matchStatus: 'matched', patientId: second.id, matchConfidence: 1 },
      }),
    ]);
    expect(await readReview(clinic.clinicId, review.id)).toMatchObject({
      matchStatus: 'matched',
      patientId: second.id,
    });

    const confirmed = await match(clinic.owner.cookie, review.id, second.id);
    expect(confirmed.json().history[0]).toMatchObject({
      decision: 'confirm',
      by: { id: clinic.owner.userId },
    });

    const removed = await unmatch(clinic.owner.cookie, review.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ matchStatus: 'unmatched', patient: null, matchConfidence: null });
    expect(removed.json().history.map((h: { decision: string }) => h.decision)).toEqual([
      'unmatch',
      'confirm',
      'match',
    ]);
    expect(removed.json().history[0].from).toEqual({
      matchStatus: 'matched',
      patientId: second.id,
      matchConfidence: 1,
    });

    const actions = await t.db
      .select()
      .from(userActions)
      .where(
        and(eq(userActions.clinicId, clinic.clinicId), eq(userActions.action, reviewMatchChangedAction)),
      );
    expect(actions).toHaveLength(3);
    expect(actions.every((a) => a.createdAt instanceof Date && a.userId)).toBe(true);
  });

  it('flags a match on weak name evidence for review and trusts an identifying one, saying what agreed', async () => {
    const clinic = await buildClinic(t);
    const treated = new Date(Date.now() - 15 * 86_400_000);
    const james = await buildPatient(t, clinic.clinicId, {
      name: 'James Whitfield',
      procedure: 'Dental Implant',
      createdAt: treated,
    });
    const emily = await buildPatient(t, clinic.clinicId, {
      name: 'Emily Carter',
      procedure: 'Teeth Whitening',
      createdAt: treated,
    });
    await connectTrustpilot(t, sandboxes, clinic, [
      trustpilotReview({
        name: 'James W.',
        title: 'New implant feels great',
        text: 'My implant is perfect.',
      }),
      trustpilotReview({ name: 'Emily Carter', title: 'Whitening', text: 'The whitening was quick.' }),
    ]);
    expect(await ingestClinicReviews(t.deps, clinic.clinicId)).toEqual({ ok: true, importedCount: 2 });
    const stored = await t.db.select().from(reviews).where(eq(reviews.clinicId, clinic.clinicId));
    const byPatient = (id: string) => stored.find((r) => r.patientId === id)!;

    // First name + surname initial + procedure: confident, yet many people write "James W.".
    const weak = (await get(clinic.owner.cookie, byPatient(james.id).id)).json();
    expect(weak).toMatchObject({ matchStatus: 'matched', decidedBy: 'engine', needsReview: true });
    expect(weak.matchConfidence).toBeGreaterThanOrEqual(0.9);
    expect([...weak.evidence].sort()).toEqual(['given_name', 'procedure', 'surname_initial']);

    const strong = (await get(clinic.owner.cookie, byPatient(emily.id).id)).json();
    expect(strong).toMatchObject({ matchStatus: 'matched', decidedBy: 'engine', needsReview: false });
    expect([...strong.evidence].sort()).toEqual(['given_name', 'procedure', 'surname', 'whole_name']);
  });

  it('never lets a later automatic run overwrite a manual decision', async () => {
    const clinic = await buildClinic(t);
    const patient = await buildPatient(t, clinic.clinicId, {
      name: 'Ignacio Velasco',
      procedure: 'Hair Transplant',
      createdAt: new Date(Date.now() - 15 * 86_400_000),
    });
    const written = trustpilotReview({ name: 'Ignacio Velasco', stars: 5, daysAgo: 1 });
    const source = await connectTrustpilot(t, sandboxes, clinic, [written]);
    expect(await ingestClinicReviews(t.deps, clinic.clinicId)).toEqual({ ok: true, importedCount: 1 });
    const [stored] = await t.db.select().from(reviews).where(eq(reviews.clinicId, clinic.clinicId));
    expect(stored).toMatchObject({ matchStatus: 'matched', patientId: patient.id });

    expect((await unmatch(clinic.owner.cookie, stored!.id)).statusCode).toBe(200);
    source.unit.reviews.unshift(trustpilotReview({ name: 'Somebody Else', stars: 4, daysAgo: 0.1 }));
    expect(await ingestClinicReviews(t.deps, clinic.clinicId)).toEqual({ ok: true, importedCount: 1 });
    expect(await readReview(clinic.clinicId, stored!.id)).toMatchObject({
      matchStatus: 'unmatched',
      patientId: null,
    });
    expect((await get(clinic.owner.cookie, stored!.id)).json()).toMatchObject({
      decidedBy: 'staff',
      needsReview: false,
    });
  });

  it("answers 404 for another clinic's review and 400 for another clinic's patient, changing nothing", async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    const { review } = await buildReview(t, { clinicId: a.clinicId, patientName: 'Ana Ruiz' });
    const bPatient = await buildPatient(t, b.clinicId, { name: 'Bea Ruiz' });

    expect((await get(b.owner.cookie, review.id)).statusCode).toBe(404);
    expect((await match(b.owner.cookie, review.id, bPatient.id)).statusCode).toBe(404);
    expect((await unmatch(b.owner.cookie, review.id)).statusCode).toBe(404);
    expect((await get(a.owner.cookie, 'rev_doesnotexist')).statusCode).toBe(404);

    const wrongPatient = await match(a.owner.cookie, review.id, bPatient.id);
    expect(wrongPatient.statusCode).toBe(400);
    expect(wrongPatient.json().error.details).toEqual([{ field: 'patientId', message: 'Patient not found' }]);
    expect(await readReview(a.clinicId, review.id)).toMatchObject({
      matchStatus: 'matched',
      patientId: review.patientId,
    });
    const bActions = await t.db.select().from(userActions).where(eq(userActions.clinicId, b.clinicId));
    expect(bActions.filter((x) => x.action === reviewMatchChangedAction)).toHaveLength(0);
  });
});
