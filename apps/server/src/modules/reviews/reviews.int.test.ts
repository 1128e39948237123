import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cases, clinics, reviews } from '../../db/schema';
import { buildReview } from '../../testing/build-review';
import { buildClinic, jsonHeaders, signIn } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: payload === undefined ? { cookie, origin: jsonHeaders().origin } : jsonHeaders({ cookie }),
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

const casesOfReview = (clinicId: string, reviewId: string) =>
  t.db
    .select()
    .from(cases)
    .where(and(eq(cases.clinicId, clinicId), eq(cases.sourceId, reviewId)));

describe('GET /api/reviews', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Not authenticated');
  });

  it("lists the clinic's reviews newest review date first, with the matched patient; never another clinic's", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const old = await buildReview(t, { clinicId, rating: 5, reviewDate: daysAgo(10) });
    const matched = await buildReview(t, {
      clinicId,
      rating: 2,
      reviewDate: daysAgo(1),
      patientName: 'Ana Ruiz',
    });
    const middle = await buildReview(t, {
      clinicId,
      rating: 3,
      reviewDate: daysAgo(5),
      matchStatus: 'multiple_matches',
    });
    await buildReview(t, { rating: 1 }); // another clinic

    const res = await call(owner.cookie, 'GET', '/api/reviews');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.reviews.map((r: { id: string }) => r.id)).toEqual([
      matched.review.id,
      middle.review.id,
      old.review.id,
    ]);
    expect(body.reviews[0]).toMatchObject({
      rating: 2,
      matchStatus: 'matched',
      matchConfidence: expect.closeTo(0.92, 5),
      patientId: matched.patient!.id,
      patientName: 'Ana Ruiz',
      reviewerName: 'Ana R.',
      openCaseId: null,
    });
    expect(body.reviews[1]).toMatchObject({ matchStatus: 'multiple_matches', patientName: null });
    expect(body.nextCursor).toBeNull();
  });

  it('lists each review exactly as its own page answers it (time to the millisecond, public reply)', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const built = await buildReview(t, {
      clinicId,
      rating: 4,
      reviewDate: new Date('2026-03-29T00:30:00.123Z'),
      patientName: 'Lucía Ortega',
    });
    await t.db
      .update(reviews)
      .set({ publicReplyText: 'Gracias, Lucía', publicReplyAt: new Date('2026-03-30T09:15:42.987Z') })
      .where(and(eq(reviews.clinicId, clinicId), eq(reviews.id, built.review.id)));
    const detail = (await call(owner.cookie, 'GET', `/api/reviews/${built.review.id}`)).json();
    const listed = (await call(owner.cookie, 'GET', '/api/reviews')).json().reviews;
    expect(listed).toEqual([detail]);
    expect(detail).toMatchObject({
      reviewDate: '2026-03-29T00:30:00.123Z',
      publicReply: { text: 'Gracias, Lucía', at: '2026-03-30T09:15:42.987Z' },
      matchConfidence: expect.closeTo(0.92, 5),
      patientName: 'Lucía Ortega',
    });
  });

  it('pages with a cursor without skipping or repeating reviews of the same date', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const sameDate = daysAgo(2);
    for (let i = 0; i < 3; i++) await buildReview(t, { clinicId, reviewDate: sameDate });
    for (let i = 0; i < 2; i++) await buildReview(t, { clinicId, reviewDate: daysAgo(3 + i) });

    const all = (await call(owner.cookie, 'GET', '/api/reviews?limit=100'))
      .json()
      .reviews.map((r: { id: string }) => r.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await call(owner.cookie, 'GET', `/api/reviews?limit=2${query}`)).json();
      expect(page.reviews.length).toBeLessThanOrEqual(2);
      seen.push(...page.reviews.map((r: { id: string }) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(seen).toHaveLength(5);
  });

  it('filters by rating and by match status', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const one = await buildReview(t, { clinicId, rating: 1, patientName: 'Bo Li' });
    await buildReview(t, { clinicId, rating: 4 });
    const byRating = (await call(owner.cookie, 'GET', '/api/reviews?rating=1')).json().reviews;
    expect(byRating.map((r: { id: string }) => r.id)).toEqual([one.review.id]);
    const unmatched = (await call(owner.cookie, 'GET', '/api/reviews?matchStatus=unmatched')).json().reviews;
    expect(unmatched).toHaveLength(1);
    expect(unmatched[0].rating).toBe(4);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['rating=9', 'rating'],
    ['matchStatus=maybe', 'matchStatus'],
    ['cursor=not-a-cursor', 'cursor'],
  ])('?%s is a 400 naming the field %s', async (query, field) => {
    const { owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'GET', `/api/reviews?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });
});

describe('GET /api/reviews/summary', () => {
  it('counts total, matched, needs attention (3 or less) and the average to one decimal, for this clinic only', async () => {
    const { clinicId, owner } = await buildClinic(t);
    await buildReview(t, { clinicId, rating: 1, patientName: 'Ana Ruiz' });
    await buildReview(t, { clinicId, rating: 3 });
    await buildReview(t, { clinicId, rating: 4, patientName: 'Bo Li' });
    await buildReview(t, { rating: 5 }); // another clinic
    const res = await call(owner.cookie, 'GET', '/api/reviews/summary');
    expect(res.statusCode).toBe(200);
    // (1 + 3 + 4) / 3 = 2.666... -> 2.7
    expect(res.json()).toEqual({
      totalReviews: 3,
      matchedPatients: 2,
      averageRating: 2.7,
      needsAttention: 2,
    });
  });

  it('is all zeros with no average for a clinic without reviews', async () => {
    const { owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'GET', '/api/reviews/summary');
    expect(res.json()).toEqual({
      totalReviews: 0,
      matchedPatients: 0,
      averageRating: null,
      needsAttention: 0,
    });
  });
});

describe('GET /api/reviews/:id', () => {
  it("answers the clinic's review, and 404 for another clinic's or an unknown id", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const own = await buildReview(t, { clinicId, patientName: 'Ana Ruiz' });
    const other = await buildReview(t);
    const res = await call(owner.cookie, 'GET', `/api/reviews/${own.review.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: own.review.id, patientName: 'Ana Ruiz' });
    for (const id of [other.review.id, 'rev_nope']) {
      const missing = await call(owner.cookie, 'GET', `/api/reviews/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('POST /api/reviews/:id/case', () => {
  it.each([
    [1, 'high'],
    [2, 'high'],
    [3, 'medium'],
    [4, 'low'],
    [5, 'low'],
  ])('a %i-star review opens a %s case due 24 hours after creation', async (rating, severity) => {
    const { clinicId, owner } = await buildClinic(t);
    const { review, patient } = await buildReview(t, { clinicId, rating, patientName: 'Ana Ruiz' });
    const res = await call(owner.cookie, 'POST', `/api/reviews/${review.id}/case`);
    expect(res.statusCode).toBe(201);
    const kase = res.json();
    expect(kase).toMatchObject({
      source: 'review',
      sourceId: review.id,
      patientId: patient!.id,
      patientName: 'Ana Ruiz',
      severity,
      status: 'open',
      title: `${rating}-star review from Ana R.: Disappointed with aftercare`,
      description: 'Nobody called me back after the procedure.',
      resolvedAt: null,
    });
    expect(Date.parse(kase.dueAt) - Date.parse(kase.createdAt)).toBe(24 * 60 * 60 * 1000);
  });

  it.each([
    ['es', 'Reseña de 2 estrellas de Ana R.: Disappointed with aftercare'],
    ['tr', '2 yıldızlı yorum (Ana R.): Disappointed with aftercare'],
  ] as const)(
    "titles the case in the clinic's language (%s), the review's own words kept",
    async (language, title) => {
      const { clinicId, owner } = await buildClinic(t);
      await t.db.update(clinics).set({ defaultLanguage: language }).where(eq(clinics.id, clinicId));
      // A fresh sign-in: the clinic's language is read with the session.
      const { review } = await buildReview(t, { clinicId, rating: 2, patientName: 'Ana Ruiz' });
      const cookie = await signIn(t, owner.email, owner.password);
      const res = await call(cookie, 'POST', `/api/reviews/${review.id}/case`);
      expect(res.statusCode).toBe(201);
      expect(res.json().title).toBe(title);
    },
  );

  it('allows one open case per review: a second answers 409 and stores nothing; after resolving, a new one may be opened', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const { review } = await buildReview(t, { clinicId });
    const first = await call(owner.cookie, 'POST', `/api/reviews/${review.id}/case`);
    expect(first.statusCode).toBe(201);

    const listed = (await call(owner.cookie, 'GET', '/api/reviews')).json().reviews[0];
    expect(listed.openCaseId).toBe(first.json().id);

    const second = await call(owner.cookie, 'POST', `/api/reviews/${review.id}/case`);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'This review already has an open case',
    });
    expect(await casesOfReview(clinicId, review.id)).toHaveLength(1);

    // In progress still counts as open.
    await call(owner.cookie, 'PATCH', `/api/cases/${first.json().id}`, { action: 'start' });
    expect((await call(owner.cookie, 'POST', `/api/reviews/${review.id}/case`)).statusCode).toBe(409);

    await call(owner.cookie, 'PATCH', `/api/cases/${first.json().id}`, { action: 'resolve' });
    const third = await call(owner.cookie, 'POST', `/api/reviews/${review.id}/case`);
    expect(third.statusCode).toBe(201);
    expect(await casesOfReview(clinicId, review.id)).toHaveLength(2);
  });

  it('two clicks at the same time still make one case', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const { review } = await buildReview(t, { clinicId });
    const answers = await Promise.all(
      [0, 1, 2].map(() => call(owner.cookie, 'POST', `/api/reviews/${review.id}/case`)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await casesOfReview(clinicId, review.id)).toHaveLength(1);
  });

  it("answers 404 for another clinic's review and opens no case in either clinic", async () => {
    const { owner } = await buildClinic(t);
    const other = await buildReview(t);
    const res = await call(owner.cookie, 'POST', `/api/reviews/${other.review.id}/case`);
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(cases).where(eq(cases.sourceId, other.review.id))).toHaveLength(0);
  });
});

describe('POST /api/reviews/sync', () => {
  it('says that no review source is configured (until the ingestion service exists)', async () => {
    const { owner } = await buildClinic(t);
    const res = await call(owner.cookie, 'POST', '/api/reviews/sync');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'NO_REVIEW_SOURCE', message: 'No review source is configured' });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reviews/sync',
      headers: { origin: jsonHeaders().origin },
    });
    expect(res.statusCode).toBe(401);
  });
});
