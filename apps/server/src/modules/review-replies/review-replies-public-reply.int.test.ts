import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewReplies } from '../../db/schema';
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
import { publicReplyExistsMessage } from './review-replies.service';
import { draftDueReviewReplies } from './review-reply-drafting.service';

// Both providers' reply calls replace the clinic's reply. A reply written
// elsewhere is imported and shown, gets no draft, and is never replaced from CareLoop.

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

const hour = 3_600_000;
type Clinic = Awaited<ReturnType<typeof buildClinic>>;

async function setUp(clinic: Clinic) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/ai-review-response',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { enabled: true, threshold: 3, delayHours: 1 },
  });
  expect(res.statusCode).toBe(200);
}
const sync = async (clinic: Clinic) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/reviews/sync',
    headers: { cookie: clinic.owner.cookie },
  });
  expect(res.statusCode).toBe(200);
};
const listReviews = async (clinic: Clinic) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/reviews',
    headers: { cookie: clinic.owner.cookie },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { reviews: { id: string; title: string | null; publicReply: unknown }[] }).reviews;
};
const call = (
  clinic: Clinic,
  method: 'GET' | 'PUT' | 'POST',
  reviewId: string,
  action = '',
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/reviews/${reviewId}/reply${action}`,
    headers: payload ? jsonHeaders({ cookie: clinic.owner.cookie }) : { cookie: clinic.owner.cookie },
    ...(payload ? { payload } : {}),
  });
const saveSecret = (clinic: Clinic, name: string, value: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/secrets',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { name: `${name}_${clinic.clinicId}`, value },
  });
const repliesOf = (clinicId: string) =>
  t.db.select().from(reviewReplies).where(eq(reviewReplies.clinicId, clinicId));

describe('an existing public reply', () => {
  it('Trustpilot: a review with companyReply is stored with it, shown, and gets no draft; the others do', async () => {
    const clinic = await buildClinic(t, { tier: 'professional' });
    await setUp(clinic);
    const answered = trustpilotReview({
      stars: 1,
      title: 'Answered',
      companyReply: { text: 'We are sorry, please call us.', createdAt: '2026-11-20T09:00:00Z' },
    });
    const open = trustpilotReview({ stars: 1, title: 'Open' });
    await connectTrustpilot(t, sandboxes, clinic, [answered, open]);
    await sync(clinic);

    const reviews = await listReviews(clinic);
    const shown = reviews.find((r) => r.title === 'Answered')!;
    expect(shown.publicReply).toEqual({
      text: 'We are sorry, please call us.',
      at: '2026-11-20T09:00:00.000Z',
    });
    expect(reviews.find((r) => r.title === 'Open')!.publicReply).toBeNull();
    await draftDueReviewReplies(t.deps, { now: new Date(Date.now() + 2 * hour) });
    const replies = await repliesOf(clinic.clinicId);
    expect(replies.map((r) => r.reviewId)).toEqual([reviews.find((r) => r.title === 'Open')!.id]);
    // Staff cannot write one over it either.
    const save = await call(clinic, 'PUT', shown.id, '', { text: 'Thank you for your feedback.' });
    expect(save.statusCode).toBe(409);
    expect(save.json().error.message).toBe(publicReplyExistsMessage);
  });

  it('Trustpilot: a reply written on Trustpilot after the draft is found before posting; nothing is replaced', async () => {
    const clinic = await buildClinic(t, { tier: 'professional' });
    await setUp(clinic);
    const review = trustpilotReview({ stars: 2, name: 'Emily Carter' });
    const source = await connectTrustpilot(t, sandboxes, clinic, [review]);
    await sync(clinic);
    await draftDueReviewReplies(t.deps, { now: new Date(Date.now() + 2 * hour) });
    const [reviewRow] = await listReviews(clinic);
    expect((await call(clinic, 'GET', reviewRow!.id)).json().reply.status).toBe('drafted');

    sandboxes.trustpilot.clients.set(source.apiKey, 'secret');
    await saveSecret(clinic, 'TRUSTPILOT_API_SECRET', 'secret');
    await saveSecret(clinic, 'TRUSTPILOT_BUSINESS_USER_ID', 'business-user-1');
    // Someone at the clinic answers on Trustpilot's site meanwhile.
    review.companyReply = { text: 'Written on Trustpilot.', createdAt: '2026-11-23T10:00:00Z' };
    const requestsBefore = sandboxes.trustpilot.requests.length;

    const approve = await call(clinic, 'POST', reviewRow!.id, '/approve');
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.message).toBe(publicReplyExistsMessage);
    expect(review.companyReply).toEqual({
      text: 'Written on Trustpilot.',
      createdAt: '2026-11-23T10:00:00Z',
    });
    expect(sandboxes.trustpilot.requests.slice(requestsBefore).some((r) => r.includes('/reply'))).toBe(false);
    // The draft stays a draft, and the review now shows the reply that was found.
    expect((await call(clinic, 'GET', reviewRow!.id)).json().reply.status).toBe('drafted');
    expect((await listReviews(clinic))[0]!.publicReply).toMatchObject({ text: 'Written on Trustpilot.' });
  });

  it('Google: reviewReply is imported and never replaced; a later sync records a reply written on Google', async () => {
    const clinic = await buildClinic(t, { tier: 'enterprise' });
    await setUp(clinic);
    const answered = googleReview({
      starRating: 'ONE',
      comment: 'Answered',
      reviewReply: { comment: 'Sorry to hear that.', updateTime: '2026-11-21T08:00:00Z' },
    });
    const later = googleReview({ starRating: 'TWO', comment: 'Later' });
    await connectGoogle(t, sandboxes, clinic, [answered, later]);
    await sync(clinic);
    const byId = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/reviews',
        headers: { cookie: clinic.owner.cookie },
      });
      return res.json().reviews as { id: string; reviewText: string; publicReply: { text: string } | null }[];
    };
    const rows = await byId();
    const answeredRow = rows.find((r) => r.reviewText === 'Answered')!;
    const laterRow = rows.find((r) => r.reviewText === 'Later')!;
    expect(answeredRow.publicReply).toMatchObject({ text: 'Sorry to hear that.' });

    // A reply written on Google before the delay runs out: the next sync records it, the draft is cancelled.
    later.reviewReply = { comment: 'Answered on Google.', updateTime: new Date().toISOString() };
    later.updateTime = new Date().toISOString();
    await sync(clinic);
    expect((await byId()).find((r) => r.id === laterRow.id)!.publicReply).toMatchObject({
      text: 'Answered on Google.',
    });
    await draftDueReviewReplies(t.deps, { now: new Date(Date.now() + 2 * hour) });
    expect(await repliesOf(clinic.clinicId)).toEqual([]);
    const approve = await call(clinic, 'POST', answeredRow.id, '/approve');
    expect(approve.statusCode).toBe(404);
    expect(answered.reviewReply?.comment).toBe('Sorry to hear that.');
    expect(later.reviewReply?.comment).toBe('Answered on Google.');
  });

  it('Google: approving re-reads the review and refuses when a reply appeared since the draft', async () => {
    const clinic = await buildClinic(t, { tier: 'enterprise' });
    await setUp(clinic);
    const review = googleReview({ starRating: 'ONE', comment: 'Slow.' });
    await connectGoogle(t, sandboxes, clinic, [review]);
    await sync(clinic);
    await draftDueReviewReplies(t.deps, { now: new Date(Date.now() + 2 * hour) });
    const [row] = await listReviews(clinic);
    expect((await call(clinic, 'GET', row!.id)).json()).toMatchObject({
      canPost: true,
      reply: { status: 'drafted' },
    });
    review.reviewReply = { comment: 'Owner answer on Google.', updateTime: '2026-11-23T11:00:00Z' };
    const approve = await call(clinic, 'POST', row!.id, '/approve');
    expect(approve.statusCode).toBe(409);
    expect(review.reviewReply.comment).toBe('Owner answer on Google.');
    expect((await listReviews(clinic))[0]!.publicReply).toMatchObject({ text: 'Owner answer on Google.' });
  });
});
