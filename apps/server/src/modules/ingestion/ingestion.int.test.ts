import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, clinics, crossSellOpportunities, reviews } from '../../db/schema';
import { googleSandboxDemo } from '../../integrations/google-reviews/google-reviews.sandbox';
import { trustpilotSandboxDemo } from '../../integrations/trustpilot/trustpilot.sandbox';
import { ingestClinicReviewsJob, ingestReviewsHourlyJob } from '../../jobs/ingest-reviews.job';
import type { JobContext } from '../../jobs/job-definition';
import { buildPatient } from '../../testing/build-patient';
import {
  connectGoogle,
  connectTrustpilot,
  googleReview,
  type ReviewSandboxes,
  startReviewSandboxes,
  trustpilotReview,
} from '../../testing/build-review-source';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { portOf } from '../../testing/free-port';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ingestClinicReviews } from './ingestion.service';

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

const ingest = (clinicId: string) => ingestClinicReviews(t.deps, clinicId);
const clinicReviews = (clinicId: string) => t.db.select().from(reviews).where(eq(reviews.clinicId, clinicId));
const clinicCases = (clinicId: string) => t.db.select().from(cases).where(eq(cases.clinicId, clinicId));
const crossSells = (clinicId: string) =>
  t.db.select().from(crossSellOpportunities).where(eq(crossSellOpportunities.clinicId, clinicId));
const reviewPagesRequested = (businessUnitId: string) =>
  sandboxes.trustpilot.requests.filter((r) => r.includes(`/business-units/${businessUnitId}/reviews`)).length;
/** `count` reviews, half a day apart, the newest `startDaysAgo` days old. */
const manyReviews = (count: number, startDaysAgo = 0.5) =>
  Array.from({ length: count }, (_, i) => trustpilotReview({ daysAgo: startDaysAgo + i * 0.5, stars: 5 }));

describe('Trustpilot ingestion', () => {
  it('pages through every page, then re-runs import nothing twice and read only the newest page', async () => {
    const clinic = await buildClinic(t);
    const source = await connectTrustpilot(t, sandboxes, clinic, manyReviews(250));

    expect(await ingest(clinic.clinicId)).toEqual({ ok: true, importedCount: 250 });
    expect(reviewPagesRequested(source.businessUnitId)).toBe(3);
    const stored = await clinicReviews(clinic.clinicId);
    expect(stored).toHaveLength(250);
    expect(new Set(stored.map((r) => r.providerReviewId))).toEqual(
      new Set(source.unit.reviews.map((r) => r.id)),
    );
    expect(stored.every((r) => r.provider === 'trustpilot')).toBe(true);

    expect(await ingest(clinic.clinicId)).toEqual({ ok: true, importedCount: 0 });
    expect(reviewPagesRequested(source.businessUnitId)).toBe(4);

    source.unit.reviews.unshift(...manyReviews(3, 0.01));
    expect(await ingest(clinic.clinicId)).toEqual({ ok: true, importedCount: 3 });
    expect(await clinicReviews(clinic.clinicId)).toHaveLength(253);
  });

  it('stores the fields, matches each new review, opens a case once for 3 or less and a cross-sell once for a matched 4 or 5', async () => {
    const clinic = await buildClinic(t);
    const treated = new Date(Date.now() - 20 * 86_400_000);
    const valentina = await buildPatient(t, clinic.clinicId, {
      name: 'Valentina Moreno Ortiz',
      procedure: 'Dental Implant',
      createdAt: treated,
    });
    const kemal = await buildPatient(t, clinic.clinicId, {
      name: 'Kemal Aydın',
      procedure: 'Hair Transplant',
      createdAt: treated,
    });
    const happy = trustpilotReview({ name: 'Valentina Moreno', stars: 5, title: 'Implant', daysAgo: 2 });
    const angry = trustpilotReview({
      name: 'Kemal Aydın',
      stars: 2,
      title: 'Aftercare',
      text: 'Nobody answered after my hair transplant.',
      daysAgo: 3,
    });
    const meh = trustpilotReview({ name: 'Zed Quinlan', stars: 3, title: 'Slow', daysAgo: 4 });
    const anonymousHappy = trustpilotReview({ name: 'Zora Pickett', stars: 4, daysAgo: 5 });
    await connectTrustpilot(t, sandboxes, clinic, [happy, angry, meh, anonymousHappy]);

    expect(await ingest(clinic.clinicId)).toEqual({ ok: true, importedCount: 4 });
    const byProviderId = new Map((await clinicReviews(clinic.clinicId)).map((r) => [r.providerReviewId, r]));
    const storedAngry = byProviderId.get(angry.id)!;
    expect(storedAngry).toMatchObject({
      rating: 2,
      title: 'Aftercare',
      reviewText: 'Nobody answered after my hair transplant.',
      reviewerName: 'Kemal Aydın',
      language: 'en',
      matchStatus: 'matched',
      patientId: kemal.id,
    });
    expect(storedAngry.reviewDate.toISOString()).toBe(new Date(angry.createdAt).toISOString());
    expect(storedAngry.matchConfidence).toBeGreaterThan(0);
    expect(byProviderId.get(happy.id)).toMatchObject({ matchStatus: 'matched', patientId: valentina.id });
    expect(byProviderId.get(meh.id)).toMatchObject({ matchStatus: 'unmatched', patientId: null });

    const opened = await clinicCases(clinic.clinicId);
    expect(opened).toHaveLength(2);
    const angryCase = opened.find((c) => c.sourceId === storedAngry.id)!;
    expect(angryCase).toMatchObject({
      source: 'review',
      status: 'open',
      severity: 'high',
      patientId: kemal.id,
      title: '2-star review from Kemal Aydın: Aftercare',
      description: 'Nobody answered after my hair transplant.',
    });
    expect(angryCase.dueAt!.getTime() - angryCase.createdAt.getTime()).toBe(24 * 3_600_000);
    expect(opened.find((c) => c.sourceId === byProviderId.get(meh.id)!.id)).toMatchObject({
      severity: 'medium',
      patientId: null,
    });

    const sells = await crossSells(clinic.clinicId);
    expect(sells).toHaveLength(1);
    expect(sells[0]).toMatchObject({
      reviewId: byProviderId.get(happy.id)!.id,
      patientId: valentina.id,
      status: 'open',
    });

    // Resolving the case and running again creates nothing new: the reviews are not new.
    await t.db
      .update(cases)
      .set({ status: 'resolved', resolvedAt: new Date() })
      .where(and(eq(cases.clinicId, clinic.clinicId), eq(cases.id, angryCase.id)));
    expect(await ingest(clinic.clinicId)).toEqual({ ok: true, importedCount: 0 });
    expect(await clinicCases(clinic.clinicId)).toHaveLength(2);
    expect(await crossSells(clinic.clinicId)).toHaveLength(1);
  });

  it("stores the cases it opens as what raised them, each worded in the reader's language", async () => {
    const clinic = await buildClinic(t);
    await t.db.update(clinics).set({ defaultLanguage: 'es' }).where(eq(clinics.id, clinic.clinicId));
    await connectTrustpilot(t, sandboxes, clinic, [
      trustpilotReview({ name: 'Inés Vidal', stars: 1, title: 'Fatal', daysAgo: 1 }),
    ]);
    expect(await ingest(clinic.clinicId)).toEqual({ ok: true, importedCount: 1 });
    expect(await clinicCases(clinic.clinicId)).toMatchObject([
      {
        title: '1-star review from Inés Vidal: Fatal',
        titleKind: 'review',
        titleParams: { rating: 1, reviewerName: 'Inés Vidal', reviewTitle: 'Fatal' },
      },
    ]);
    const listed = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/cases',
        headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().cases.map((c: { title: string }) => c.title);
    };
    // The owner has no language of their own: the Madrid clinic's.
    expect(await listed()).toEqual(['Reseña de 1 estrella de Inés Vidal: Fatal']);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { language: 'tr' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await listed()).toEqual(['1 yıldızlı yorum (Inés Vidal): Fatal']);
  });

  it('retries a 429 and a 500 and then imports everything', async () => {
    const clinic = await buildClinic(t);
    await connectTrustpilot(t, sandboxes, clinic, manyReviews(120));
    sandboxes.trustpilot.faults.push({ kind: 'status', status: 429, retryAfterSeconds: 0 });
    expect(await ingest(clinic.clinicId)).toEqual({ ok: true, importedCount: 120 });

    const other = await buildClinic(t);
    await connectTrustpilot(t, sandboxes, other, manyReviews(120));
    sandboxes.trustpilot.faults.push({ kind: 'status', status: 500 }, { kind: 'status', status: 502 });
    expect(await ingest(other.clinicId)).toEqual({ ok: true, importedCount: 120 });
  });

  it('gives up on a provider that keeps failing with a retryable error, writing nothing', async () => {
    const clinic = await buildClinic(t);
    await connectTrustpilot(t, sandboxes, clinic, manyReviews(5));
    sandboxes.trustpilot.faults.push(
      ...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 })),
    );
    expect(await ingest(clinic.clinicId)).toEqual({
      ok: false,
      code: 'PROVIDER_UNAVAILABLE',
      message: 'Trustpilot could not be reached. Please try again later.',
      importedCount: 0,
      isRetryable: true,
    });
    expect(await clinicReviews(clinic.clinicId)).toHaveLength(0);
    sandboxes.trustpilot.faults.length = 0;
  });

  it('rejects a malformed page without writing anything, and imports all once the payload is good', async () => {
    const clinic = await buildClinic(t);
    const source = await connectTrustpilot(t, sandboxes, clinic, manyReviews(150));
    // A review on the second page with a rating Trustpilot cannot send.
    source.unit.reviews[120] = { ...source.unit.reviews[120]!, stars: 9 };
    const result = await ingest(clinic.clinicId);
    expect(result).toMatchObject({
      ok: false,
      code: 'PROVIDER_BAD_RESPONSE',
      message: 'Trustpilot sent reviews in an unexpected format. Nothing was imported.',
      isRetryable: false,
    });
    expect(await clinicReviews(clinic.clinicId)).toHaveLength(0);
    expect(await clinicCases(clinic.clinicId)).toHaveLength(0);

    source.unit.reviews[120] = { ...source.unit.reviews[120]!, stars: 1 };
    expect(await ingest(clinic.clinicId)).toEqual({ ok: true, importedCount: 150 });
    expect(await clinicCases(clinic.clinicId)).toHaveLength(1);
  });

  it("maps the provider's 401 for a wrong key to a clear message, and says when no source is configured", async () => {
    const clinic = await buildClinic(t);
    expect(await ingest(clinic.clinicId)).toMatchObject({
      ok: false,
      code: 'NO_REVIEW_SOURCE',
      message: 'No review source is configured',
    });
    await connectTrustpilot(t, sandboxes, clinic, manyReviews(2));
    await t.app.inject({
      method: 'POST',
      url: '/api/secrets',
      headers: jsonHeaders({ cookie: clinic.owner.cookie }),
      payload: { name: `TRUSTPILOT_API_KEY_${clinic.clinicId}`, value: 'not-the-key' },
    });
    expect(await ingest(clinic.clinicId)).toEqual({
      ok: false,
      code: 'PROVIDER_AUTH_FAILED',
      message:
        'Trustpilot did not accept the credentials. Check the API key and business unit ID in Settings.',
      importedCount: 0,
      isRetryable: false,
    });
    expect(t.logLines.join('\n')).not.toContain('not-the-key');
  });

  it("never touches another clinic: the same provider review ids are imported per clinic, and B's run leaves A alone", async () => {
    const a = await buildClinic(t);
    const b = await buildClinic(t);
    const shared = manyReviews(4).map((r) => ({ ...r, stars: 2 }));
    await connectTrustpilot(
      t,
      sandboxes,
      a,
      shared.map((r) => ({ ...r })),
    );
    await connectTrustpilot(
      t,
      sandboxes,
      b,
      shared.map((r) => ({ ...r })),
    );

    expect(await ingest(b.clinicId)).toEqual({ ok: true, importedCount: 4 });
    expect(await clinicReviews(a.clinicId)).toHaveLength(0);
    expect(await clinicCases(a.clinicId)).toHaveLength(0);
    expect(await ingest(a.clinicId)).toEqual({ ok: true, importedCount: 4 });
    expect(await clinicReviews(b.clinicId)).toHaveLength(4);
    expect(await clinicCases(b.clinicId)).toHaveLength(4);
  });
});

describe('Google ingestion', () => {
  it('pages with page tokens, maps star words, skips unrated reviews, and re-runs import nothing', async () => {
    const clinic = await buildClinic(t);
    const list = Array.from({ length: 60 }, (_, i) => googleReview({ daysAgo: 1 + i * 0.5 }));
    list[3] = { ...list[3]!, starRating: 'ONE', comment: 'Terrible' };
    list[4] = { ...list[4]!, starRating: 'STAR_RATING_UNSPECIFIED' };
    list[5] = { ...list[5]!, reviewer: { displayName: 'A Google user', isAnonymous: true } };
    await connectGoogle(t, sandboxes, clinic, list);

    expect(await ingest(clinic.clinicId)).toEqual({ ok: true, importedCount: 59 });
    const stored = await clinicReviews(clinic.clinicId);
    expect(stored.every((r) => r.provider === 'google')).toBe(true);
    expect(stored.find((r) => r.providerReviewId === list[3]!.reviewId)).toMatchObject({
      rating: 1,
      reviewText: 'Terrible',
      title: null,
    });
    expect(stored.find((r) => r.providerReviewId === list[5]!.reviewId)?.matchStatus).toBe('unmatched');
    expect(await clinicCases(clinic.clinicId)).toHaveLength(1);
    expect(await ingest(clinic.clinicId)).toEqual({ ok: true, importedCount: 0 });
  });

  it('retries Google 429 and 500 answers', async () => {
    const clinic = await buildClinic(t);
    await connectGoogle(t, sandboxes, clinic, [googleReview(), googleReview({ daysAgo: 2 })]);
    sandboxes.google.faults.push(
      { kind: 'status', status: 429, retryAfterSeconds: 0 },
      { kind: 'status', status: 500 },
    );
    expect(await ingest(clinic.clinicId)).toEqual({ ok: true, importedCount: 2 });
  });
});

describe('ingestion jobs', () => {
  const jobContext = (sent: { name: string; payload: object }[]): JobContext => ({
    db: t.db,
    log: { info: () => {}, error: () => {} },
    config: t.deps.config,
    secretBox: t.deps.secretBox,
    mailer: t.deps.mailer,
    unsubscribeTokens: t.deps.unsubscribeTokens,
    surveyLinkTokens: t.deps.surveyLinkTokens,
    sendMany: async (name, jobs) => {
      for (const { payload } of jobs) sent.push({ name, payload });
      return jobs.length;
    },
  });

  it('schedules one job per clinic with a source every hour, and the clinic job imports', async () => {
    const clinic = await buildClinic(t);
    const unconnected = await buildClinic(t);
    await connectTrustpilot(t, sandboxes, clinic, manyReviews(3));
    const sent: { name: string; payload: object }[] = [];
    expect(ingestReviewsHourlyJob.schedule?.cron).toBe('7 * * * *');
    await ingestReviewsHourlyJob.handle({}, jobContext(sent));
    const clinicIds = sent.map((s) => (s.payload as { clinicId: string }).clinicId);
    expect(clinicIds).toContain(clinic.clinicId);
    expect(clinicIds).not.toContain(unconnected.clinicId);
    expect(new Set(sent.map((s) => s.name))).toEqual(new Set([ingestClinicReviewsJob.name]));

    await ingestClinicReviewsJob.handle({ clinicId: clinic.clinicId }, jobContext([]));
    expect(await clinicReviews(clinic.clinicId)).toHaveLength(3);
  });

  it('fails the clinic job (so pg-boss retries) only when the failure is worth retrying', async () => {
    const clinic = await buildClinic(t);
    await connectTrustpilot(t, sandboxes, clinic, manyReviews(1));
    sandboxes.trustpilot.faults.push(
      ...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 })),
    );
    await expect(
      ingestClinicReviewsJob.handle({ clinicId: clinic.clinicId }, jobContext([])),
    ).rejects.toThrow('PROVIDER_UNAVAILABLE');
    sandboxes.trustpilot.faults.length = 0;
    const noSource = await buildClinic(t);
    await expect(
      ingestClinicReviewsJob.handle({ clinicId: noSource.clinicId }, jobContext([])),
    ).resolves.toBeUndefined();
  });
});

describe('sandboxes mounted in sandbox mode', () => {
  it('serves the demo Trustpilot business unit under /sandbox/trustpilot, checking the apikey', async () => {
    const url = `/sandbox/trustpilot/v1/business-units/${trustpilotSandboxDemo.businessUnitId}/reviews`;
    const ok = await t.app.inject({ method: 'GET', url, headers: { apikey: trustpilotSandboxDemo.apiKey } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().reviews.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const google = await t.app.inject({
      method: 'GET',
      url: '/sandbox/google-reviews/v4/accounts/1/locations/2/reviews',
    });
    expect(google.statusCode).toBe(401);
  });

  it('sends a clinic in sandbox mode to the mounted fakes, with the demo credentials', async () => {
    const own = await createTestApp();
    try {
      // The app calls its own fakes over real HTTP, as a worker process would.
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const port = portOf(own.app.server);
      const integrations = { ...own.config.integrations, sandboxUrl: `http://127.0.0.1:${port}/sandbox` };
      const deps = { ...own.deps, config: { ...own.config, integrations } };
      const clinic = await buildClinic(own);
      await own.db.update(clinics).set({ sandboxMode: 'on' }).where(eq(clinics.id, clinic.clinicId));
      const secrets = {
        [`TRUSTPILOT_API_KEY_${clinic.clinicId}`]: trustpilotSandboxDemo.apiKey,
        [`TRUSTPILOT_BUSINESS_UNIT_ID_${clinic.clinicId}`]: trustpilotSandboxDemo.businessUnitId,
        [`GOOGLE_REFRESH_TOKEN_${clinic.clinicId}`]: googleSandboxDemo.refreshToken,
        [`GOOGLE_ACCOUNT_ID_${clinic.clinicId}`]: googleSandboxDemo.accountId,
        [`GOOGLE_LOCATION_ID_${clinic.clinicId}`]: googleSandboxDemo.locationId,
      };
      for (const [name, value] of Object.entries(secrets)) {
        const res = await own.app.inject({
          method: 'POST',
          url: '/api/secrets',
          headers: jsonHeaders({ cookie: clinic.owner.cookie }),
          payload: { name, value },
        });
        expect(res.statusCode).toBe(201);
      }
      const result = await ingestClinicReviews(deps, clinic.clinicId);
      expect(result).toMatchObject({ ok: true });
      const stored = await own.db.select().from(reviews).where(eq(reviews.clinicId, clinic.clinicId));
      expect(new Set(stored.map((r) => r.provider))).toEqual(new Set(['trustpilot', 'google']));
      expect(result).toEqual({ ok: true, importedCount: stored.length });
    } finally {
      await own.close();
    }
  });

  it('mounts no sandbox when sandbox mode is off', async () => {
    const off = await createTestApp({ env: { SANDBOX_MODE: 'false' } });
    try {
      const url = `/sandbox/trustpilot/v1/business-units/${trustpilotSandboxDemo.businessUnitId}/reviews`;
      const res = await off.app.inject({
        method: 'GET',
        url,
        headers: { apikey: trustpilotSandboxDemo.apiKey },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
