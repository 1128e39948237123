import { checkReviewReply } from '@careloop/domain/review-reply-check';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicAutomationConfigs, clinics, reviewReplies, reviews, userActions } from '../../db/schema';
import { openAiSandboxDemo } from '../../integrations/openai/openai.sandbox';
import { draftReviewRepliesJob } from '../../jobs/draft-review-replies.job';
import type { JobContext } from '../../jobs/job-definition';
import { buildReview } from '../../testing/build-review';
import {
  connectGoogle,
  connectTrustpilot,
  googleReview,
  type ReviewSandboxes,
  startReviewSandboxes,
  trustpilotReview,
} from '../../testing/build-review-source';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { type OpenAiSandbox, startOpenAiSandbox } from '../../testing/openai-sandbox';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { draftDueReviewReplies, draftScheduledReply } from './review-reply-drafting.service';

let t: TestApp;
let sandboxes: ReviewSandboxes;
let ai: OpenAiSandbox;
beforeAll(async () => {
  sandboxes = await startReviewSandboxes();
  ai = await startOpenAiSandbox();
  t = await createTestApp({ env: { ...sandboxes.env, ...ai.env } });
});
afterAll(async () => {
  await t?.close();
  await sandboxes?.close();
  await ai?.close();
});

const hour = 3_600_000;
type Clinic = Awaited<ReturnType<typeof buildClinic>>;

async function enableReplies(clinic: Clinic, settings: { threshold?: number; delayHours?: number } = {}) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/ai-review-response',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { enabled: true, threshold: settings.threshold ?? 3, delayHours: settings.delayHours ?? 2 },
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
  return res.json() as { imported_count: number };
};
const repliesOf = (clinicId: string) =>
  t.db.select().from(reviewReplies).where(eq(reviewReplies.clinicId, clinicId));
const reviewIdOf = async (clinicId: string, providerReviewId: string) =>
  (
    await t.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.clinicId, clinicId), eq(reviews.providerReviewId, providerReviewId)))
  )[0]!.id;

const call = (
  cookie: string,
  method: 'GET' | 'PUT' | 'POST',
  reviewId: string,
  action: '' | '/approve' | '/discard' = '',
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/reviews/${reviewId}/reply${action}`,
    headers: payload ? jsonHeaders({ cookie }) : { cookie },
    ...(payload ? { payload } : {}),
  });

/** A professional clinic with replies on, a low-rated review and its reply drafted by the template. */
async function draftedReply(options: { reviewerName?: string } = {}) {
  const clinic = await buildClinic(t, { tier: 'professional', practiceName: 'Bright Smile Clinic' });
  await enableReplies(clinic);
  const { review } = await buildReview(t, {
    clinicId: clinic.clinicId,
    rating: 1,
    reviewerName: options.reviewerName ?? 'Ana Ruiz',
  });
  const put = await call(clinic.owner.cookie, 'PUT', review.id, '', {
    text: 'Dear Ana, thank you for your feedback. Please contact us directly so that we can talk.',
  });
  expect(put.statusCode).toBe(200);
  return { clinic, review };
}

describe('scheduling and drafting after ingestion', () => {
  it('schedules a reply for each new review at or below the threshold, drafted by AI after the delay', async () => {
    const clinic = await buildClinic(t, { tier: 'professional' });
    await enableReplies(clinic, { threshold: 2, delayHours: 4 });
    const spanish = trustpilotReview({
      stars: 1,
      language: 'es',
      text: 'Muy mal servicio.',
      name: 'Lucía F.',
    });
    const english = trustpilotReview({ stars: 2, text: 'Nobody called me back.' });
    const three = trustpilotReview({ stars: 3 });
    const five = trustpilotReview({ stars: 5 });
    await connectTrustpilot(t, sandboxes, clinic, [spanish, english, three, five]);

    const before = Date.now();
    expect(await sync(clinic)).toEqual({ imported_count: 4 });
    const scheduled = await repliesOf(clinic.clinicId);
    expect(scheduled).toHaveLength(2);
    expect(scheduled.every((r) => r.status === 'scheduled' && r.text === null)).toBe(true);
    for (const row of scheduled) {
      expect(row.draftDueAt.getTime()).toBeGreaterThanOrEqual(before + 4 * hour);
      expect(row.draftDueAt.getTime()).toBeLessThanOrEqual(Date.now() + 4 * hour);
    }
    // A re-run imports nothing and schedules nothing twice.
    expect(await sync(clinic)).toEqual({ imported_count: 0 });
    expect(await repliesOf(clinic.clinicId)).toHaveLength(2);

    const requestsBefore = ai.state.requests.length;
    await draftDueReviewReplies(t.deps, { now: new Date(Date.now() + 3 * hour) });
    expect((await repliesOf(clinic.clinicId)).every((r) => r.status === 'scheduled')).toBe(true);

    await draftDueReviewReplies(t.deps, { now: new Date(Date.now() + 4 * hour + 60_000) });
    const spanishId = await reviewIdOf(clinic.clinicId, spanish.id);
    const res = await call(clinic.owner.cookie, 'GET', spanishId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ available: true, canPost: false });
    expect(body.reply).toMatchObject({ status: 'drafted', source: 'ai', language: 'es', draftNote: null });
    expect(body.reply.text).toMatch(/^Gracias por tomarse el tiempo/);
    expect(checkReviewReply(body.reply.text)).toEqual({ ok: true });

    const englishReply = (
      await call(clinic.owner.cookie, 'GET', await reviewIdOf(clinic.clinicId, english.id))
    ).json();
    expect(englishReply.reply).toMatchObject({ status: 'drafted', source: 'ai', language: 'en' });
    const threeReply = (
      await call(clinic.owner.cookie, 'GET', await reviewIdOf(clinic.clinicId, three.id))
    ).json();
    expect(threeReply.reply).toBeNull();

    // The model was asked with the configured model, the language and the review fenced as data.
    const asked = ai.state.requests.slice(requestsBefore);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.every((r) => r.model === 'sandbox-model')).toBe(true);
    const spanishPrompt = asked.find((r) => JSON.stringify(r.messages).includes('Muy mal servicio'))!;
    expect(spanishPrompt.messages[0]!.content).toContain('Language: es');
    expect(spanishPrompt.messages[1]!.content).toContain('<review>');
  });

  it('schedules nothing when the feature is off, or on a plan without it', async () => {
    const off = await buildClinic(t, { tier: 'professional' });
    await connectTrustpilot(t, sandboxes, off, [trustpilotReview({ stars: 1 })]);
    expect(await sync(off)).toEqual({ imported_count: 1 });
    expect(await repliesOf(off.clinicId)).toHaveLength(0);

    const starter = await buildClinic(t);
    // A clinic that had the feature and was moved to starter keeps the switch, not the feature.
    await t.db
      .insert(clinicAutomationConfigs)
      .values({ clinicId: starter.clinicId, aiReviewResponseEnabled: true });
    await connectTrustpilot(t, sandboxes, starter, [trustpilotReview({ stars: 1 })]);
    expect(await sync(starter)).toEqual({ imported_count: 1 });
    expect(await repliesOf(starter.clinicId)).toHaveLength(0);
  });

  it('uses the template when the AI draft names care, when the model fails, and when none is configured', async () => {
    const clinic = await buildClinic(t, { tier: 'enterprise', practiceName: 'Clínica Sonrisa' });
    await enableReplies(clinic, { delayHours: 1 });
    await t.db.update(clinics).set({ brandTone: 'formal' }).where(eq(clinics.id, clinic.clinicId));
    const reviewsIn = [
      trustpilotReview({ stars: 1, language: 'es', name: 'Dolores M.', text: 'No me gustó.' }),
      trustpilotReview({ stars: 2, language: 'tr', name: 'Ayşe D.', text: 'Hiç memnun kalmadım.' }),
      trustpilotReview({ stars: 3, language: 'en', name: 'Tom B.', text: 'Meh.' }),
    ];
    await connectTrustpilot(t, sandboxes, clinic, reviewsIn);
    await sync(clinic);
    const rows = await repliesOf(clinic.clinicId);
    const byReview = new Map(rows.map((r) => [r.reviewId, r]));
    const [es, tr, en] = await Promise.all(reviewsIn.map((r) => reviewIdOf(clinic.clinicId, r.id)));
    const later = new Date(Date.now() + 2 * hour);

    ai.state.replies.push('Como nuestra paciente, lamentamos el dolor tras su cirugía del 12 de marzo.');
    expect(await draftScheduledReply(t.deps, clinic.clinicId, byReview.get(es!)!.id, later)).toBe('drafted');
    const rejected = (await call(clinic.owner.cookie, 'GET', es!)).json().reply;
    expect(rejected).toMatchObject({ source: 'template', draftNote: 'ai_rejected', language: 'es' });
    expect(rejected.text).toContain('Estimado/a Dolores:');
    expect(rejected.text).toContain('Clínica Sonrisa');
    expect(rejected.text).not.toMatch(/paciente|\bdolor\b|cirug/i);

    ai.state.faults.push({ kind: 'status', status: 400, code: 'context_length_exceeded' });
    expect(await draftScheduledReply(t.deps, clinic.clinicId, byReview.get(tr!)!.id, later)).toBe('drafted');
    const failed = (await call(clinic.owner.cookie, 'GET', tr!)).json().reply;
    expect(failed).toMatchObject({ source: 'template', draftNote: 'ai_failed', language: 'tr' });
    expect(failed.text).toMatch(/^Sayın Ayşe,/);

    const noModel = {
      ...t.deps,
      config: { ...t.config, openai: { ...t.config.openai, isConfigured: false } },
    };
    const askedBefore = ai.state.requests.length;
    expect(await draftScheduledReply(noModel, clinic.clinicId, byReview.get(en!)!.id, later)).toBe('drafted');
    expect(ai.state.requests.length).toBe(askedBefore);
    const template = (await call(clinic.owner.cookie, 'GET', en!)).json().reply;
    expect(template).toMatchObject({ source: 'template', draftNote: 'ai_not_configured', language: 'en' });
    expect(template.text).toMatch(/^Dear Tom,/);
  });

  it('drafts nothing for a clinic that turned the feature off before the delay ran out; the job sweeps', async () => {
    const clinic = await buildClinic(t, { tier: 'premium' });
    await enableReplies(clinic, { delayHours: 1 });
    await connectTrustpilot(t, sandboxes, clinic, [trustpilotReview({ stars: 2 })]);
    await sync(clinic);
    const [row] = await repliesOf(clinic.clinicId);
    await t.db
      .update(clinicAutomationConfigs)
      .set({ aiReviewResponseEnabled: false })
      .where(eq(clinicAutomationConfigs.clinicId, clinic.clinicId));
    expect(await draftScheduledReply(t.deps, clinic.clinicId, row!.id, new Date(Date.now() + 2 * hour))).toBe(
      'cancelled',
    );
    expect(await repliesOf(clinic.clinicId)).toHaveLength(0);

    // The scheduled job drafts what is due now (a row made due in the past).
    await enableReplies(clinic, { delayHours: 1 });
    const { review } = await buildReview(t, { clinicId: clinic.clinicId, rating: 1 });
    const past = new Date(Date.now() - hour);
    await t.db.insert(reviewReplies).values({
      clinicId: clinic.clinicId,
      id: `rrp_job_${review.id}`,
      reviewId: review.id,
      draftDueAt: past,
      createdAt: past,
      updatedAt: past,
    });
    const logged: string[] = [];
    const ctx: JobContext = {
      db: t.db,
      config: t.config,
      secretBox: t.deps.secretBox,
      mailer: t.deps.mailer,
      unsubscribeTokens: t.deps.unsubscribeTokens,
      surveyLinkTokens: t.deps.surveyLinkTokens,
      log: { info: (_o, m) => logged.push(m), error: (_o, m) => logged.push(m) },
      sendMany: async () => 0,
    };
    await draftReviewRepliesJob.handle({ limit: 1000 }, ctx);
    const [drafted] = await repliesOf(clinic.clinicId);
    expect(drafted).toMatchObject({ status: 'drafted', source: 'ai' });
    expect(logged).toContain('review replies drafted');
  });
});

describe('staff: edit, approve, discard', () => {
  it('edits the text (checked), approves it without credentials to post, and audits each decision', async () => {
    const { clinic, review } = await draftedReply();
    const staff = await buildMember(t, clinic.clinicId, 'staff');

    const bad = await call(staff.cookie, 'PUT', review.id, '', {
      text: 'We are sorry your implant is still painful since 3 March.',
    });
    expect(bad.statusCode).toBe(400);
    const error = bad.json().error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.map((d: { code: string }) => d.code)).toEqual(
      expect.arrayContaining(['names_treatment', 'names_date', 'health_detail']),
    );
    expect(error.details[0]).toMatchObject({
      field: 'text',
      key: expect.stringMatching(/^reviews\.reply\.errors\./),
    });
    const empty = await call(staff.cookie, 'PUT', review.id, '', { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('The reply is empty');
    const [unchanged] = await repliesOf(clinic.clinicId);
    expect(unchanged!.text).toMatch(/^Dear Ana, thank you/);

    const edited = await call(staff.cookie, 'PUT', review.id, '', {
      text: '  Hello Ana, thank you for writing. Please get in touch with us directly.  ',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().reply).toMatchObject({
      status: 'drafted',
      source: 'staff',
      text: 'Hello Ana, thank you for writing. Please get in touch with us directly.',
    });

    const approved = await call(staff.cookie, 'POST', review.id, '/approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ canPost: false, reply: { status: 'approved', postedAt: null } });
    const [row] = await repliesOf(clinic.clinicId);
    expect(row).toMatchObject({ approvedByUserId: staff.userId, postAttempts: 0 });

    // Editing an approved reply takes it back to a draft that needs approving again.
    const reEdited = await call(staff.cookie, 'PUT', review.id, '', { text: 'Hello Ana, thank you.' });
    expect(reEdited.json().reply.status).toBe('drafted');

    const discarded = await call(clinic.owner.cookie, 'POST', review.id, '/discard');
    expect(discarded.json().reply).toMatchObject({ status: 'discarded' });
    expect((await call(staff.cookie, 'PUT', review.id, '', { text: 'Hello again.' })).statusCode).toBe(409);
    expect((await call(staff.cookie, 'POST', review.id, '/approve')).statusCode).toBe(409);
    expect((await call(staff.cookie, 'POST', review.id, '/discard')).statusCode).toBe(409);

    const actions = await t.db
      .select({ action: userActions.action, userId: userActions.userId })
      .from(userActions)
      .where(eq(userActions.clinicId, clinic.clinicId));
    const replyActions = actions.filter((a) => a.action.startsWith('review_reply_'));
    expect(replyActions).toEqual(
      expect.arrayContaining([
        { action: 'review_reply_edited', userId: staff.userId },
        { action: 'review_reply_approved', userId: staff.userId },
        { action: 'review_reply_discarded', userId: clinic.owner.userId },
      ]),
    );
    expect(replyActions).toHaveLength(5);
  });

  it('posts an approved reply through Trustpilot when the reply credentials are saved; a refusal is failed, then retried', async () => {
    const clinic = await buildClinic(t, { tier: 'professional', practiceName: 'Harbor Dental' });
    await enableReplies(clinic, { delayHours: 1 });
    const tpReview = trustpilotReview({ stars: 1, name: 'Emily Carter' });
    const source = await connectTrustpilot(t, sandboxes, clinic, [tpReview]);
    await sync(clinic);
    const reviewId = await reviewIdOf(clinic.clinicId, tpReview.id);
    await draftDueReviewReplies(t.deps, { now: new Date(Date.now() + 2 * hour) });

    const save = (name: string, value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/secrets',
        headers: jsonHeaders({ cookie: clinic.owner.cookie }),
        payload: { name: `${name}_${clinic.clinicId}`, value },
      });
    await save('TRUSTPILOT_API_SECRET', 'wrong-secret');
    expect((await call(clinic.owner.cookie, 'GET', reviewId)).json().canPost).toBe(false);
    await save('TRUSTPILOT_BUSINESS_USER_ID', 'business-user-7');
    expect((await call(clinic.owner.cookie, 'GET', reviewId)).json().canPost).toBe(true);

    const refused = await call(clinic.owner.cookie, 'POST', reviewId, '/approve');
    expect(refused.statusCode).toBe(200);
    // The kind is what the screen words in the reader's language; the raw answer stays for support.
    expect(refused.json().reply).toMatchObject({
      status: 'failed',
      postedAt: null,
      providerErrorKind: 'unauthorized',
    });
    expect(refused.json().reply.providerError).toMatch(/^trustpilot answered 401/);
    expect(refused.json().reply.providerError).not.toContain('wrong-secret');
    expect(tpReview.companyReply ?? null).toBeNull();

    sandboxes.trustpilot.clients.set(source.apiKey, 'right-secret');
    await save('TRUSTPILOT_API_SECRET', 'right-secret');
    const posted = await call(clinic.owner.cookie, 'POST', reviewId, '/approve');
    expect(posted.json().reply).toMatchObject({
      status: 'posted',
      providerError: null,
      providerErrorKind: null,
    });
    expect(tpReview.companyReply?.text).toBe(posted.json().reply.text);
    const [row] = await repliesOf(clinic.clinicId);
    expect(row!.postAttempts).toBe(2);
    expect((await call(clinic.owner.cookie, 'POST', reviewId, '/approve')).statusCode).toBe(409);
    expect((await call(clinic.owner.cookie, 'PUT', reviewId, '', { text: 'Changed.' })).statusCode).toBe(409);
  });

  it('posts through Google with the review source connection', async () => {
    const clinic = await buildClinic(t, { tier: 'enterprise' });
    await enableReplies(clinic, { delayHours: 1 });
    const gReview = googleReview({ starRating: 'TWO', comment: 'Bekleme çok uzundu ve çok kötüydü.' });
    await connectGoogle(t, sandboxes, clinic, [gReview]);
    await sync(clinic);
    await draftDueReviewReplies(t.deps, { now: new Date(Date.now() + 2 * hour) });
    const reviewId = await reviewIdOf(clinic.clinicId, gReview.reviewId);
    const drafted = (await call(clinic.owner.cookie, 'GET', reviewId)).json();
    // Google sends no language: the review's text decides.
    expect(drafted).toMatchObject({ canPost: true, reply: { status: 'drafted', language: 'tr' } });
    const posted = await call(clinic.owner.cookie, 'POST', reviewId, '/approve');
    expect(posted.json().reply.status).toBe('posted');
    expect(gReview.reviewReply?.comment).toBe(drafted.reply.text);
  });
});

describe('tenancy and plan', () => {
  it("answers 404 for another clinic's review on every endpoint, and for a review without a reply to act on", async () => {
    const { review } = await draftedReply();
    const other = await buildClinic(t, { tier: 'professional' });
    for (const [method, action, payload] of [
      ['GET', '', undefined],
      ['PUT', '', { text: 'Hello.' }],
      ['POST', '/approve', undefined],
      ['POST', '/discard', undefined],
    ] as const) {
      const res = await call(other.owner.cookie, method, review.id, action, payload);
      expect(res.statusCode, `${method} ${action}`).toBe(404);
    }
    const [row] = await t.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, review.id));
    expect(row!.status).toBe('drafted');

    const { review: bare } = await buildReview(t, { clinicId: other.clinicId, rating: 2 });
    expect((await call(other.owner.cookie, 'GET', bare.id)).json()).toMatchObject({ reply: null });
    expect((await call(other.owner.cookie, 'POST', bare.id, '/approve')).statusCode).toBe(404);
    expect((await call(other.owner.cookie, 'GET', 'rev_nope')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/reviews/${bare.id}/reply` })).statusCode).toBe(
      401,
    );
  });

  it("answers 403 with the spec's message where a starter clinic would use the feature", async () => {
    const starter = await buildClinic(t);
    const { review } = await buildReview(t, { clinicId: starter.clinicId, rating: 1 });
    const get = await call(starter.owner.cookie, 'GET', review.id);
    expect(get.json()).toEqual({ available: false, canPost: false, reply: null });
    for (const [method, action, payload] of [
      ['PUT', '', { text: 'Hello, thank you.' }],
      ['POST', '/approve', undefined],
    ] as const) {
      const res = await call(starter.owner.cookie, method, review.id, action, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'PLAN_REQUIRED',
        message: 'This feature requires Professional or Enterprise plan',
      });
    }
    expect(await repliesOf(starter.clinicId)).toHaveLength(0);
  });
});

describe('the OpenAI sandbox mounted in sandbox mode', () => {
  it('answers the demo key under /sandbox/openai and refuses others', async () => {
    const ask = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/openai/v1/chat/completions',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Language: tr' }] },
      });
    const ok = await ask(openAiSandboxDemo.apiKey);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant' } }],
    });
    expect(ok.json().choices[0].message.content).toMatch(/^Bize yazmak/);
    expect((await ask('sk-other')).statusCode).toBe(401);
  });
});
