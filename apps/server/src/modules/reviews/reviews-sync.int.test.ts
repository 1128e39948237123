import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, reviews } from '../../db/schema';
import {
  connectTrustpilot,
  type ReviewSandboxes,
  startReviewSandboxes,
  trustpilotReview,
} from '../../testing/build-review-source';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let sandboxes: ReviewSandboxes;
let t: TestApp;
beforeAll(async () => {
  sandboxes = await startReviewSandboxes();
  t = await createTestApp({ env: sandboxes.env });
});
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
});

const sync = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/reviews/sync', headers: jsonHeaders({ cookie }), payload: {} });

describe('POST /api/reviews/sync', () => {
  it("without a review source answers 409 NO_REVIEW_SOURCE 'No review source is configured'", async () => {
    const { owner } = await buildClinic(t);
    const res = await sync(owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'NO_REVIEW_SOURCE', message: 'No review source is configured' });
  });

  it('imports from Trustpilot, answers imported_count, opens a case for a low rating, and imports nothing twice', async () => {
    const clinic = await buildClinic(t);
    await connectTrustpilot(t, sandboxes, clinic, [
      trustpilotReview({ stars: 2, name: 'Someone Unhappy' }),
      trustpilotReview({ stars: 5, name: 'Someone Happy' }),
    ]);
    const first = await sync(clinic.owner.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ imported_count: 2 });
    expect(await t.db.select().from(reviews).where(eq(reviews.clinicId, clinic.clinicId))).toHaveLength(2);
    const reviewCases = await t.db
      .select()
      .from(cases)
      .where(and(eq(cases.clinicId, clinic.clinicId), eq(cases.source, 'review')));
    expect(reviewCases).toHaveLength(1);
    expect(reviewCases[0]).toMatchObject({ severity: 'high', status: 'open' });

    const again = await sync(clinic.owner.cookie);
    expect(again.json()).toEqual({ imported_count: 0 });
    expect(await t.db.select().from(cases).where(eq(cases.clinicId, clinic.clinicId))).toHaveLength(1);
  });

  it('a wrong API key answers 502 with a message staff can act on, and stores nothing', async () => {
    const clinic = await buildClinic(t);
    const { apiKey } = await connectTrustpilot(t, sandboxes, clinic, [trustpilotReview({ stars: 1 })]);
    sandboxes.trustpilot.apiKeys.delete(apiKey);
    const res = await sync(clinic.owner.cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('PROVIDER_AUTH_FAILED');
    expect(await t.db.select().from(reviews).where(eq(reviews.clinicId, clinic.clinicId))).toHaveLength(0);
  });
});
