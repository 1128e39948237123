import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patients, surveyRequests } from '../../db/schema';
import { buildCase } from '../../testing/build-case';
import { buildPatient } from '../../testing/build-patient';
import { buildReview } from '../../testing/build-review';
import { buildSentSurvey } from '../../testing/build-survey';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

// The analytics figures a clinic relies on, each against a count made by hand from the rows seeded
// here, in the clinic's zone: period edges and DST days, NPS arithmetic, tenancy, win-back, ranges and
// answers through the public survey link.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const at = (iso: string) => new Date(iso);
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const summary = (cookie: string, from: string, to: string) =>
  get(cookie, `/api/analytics/summary?from=${from}&to=${to}`);

async function clinicIn(timeZone: string, tier: 'starter' | 'professional' = 'professional') {
  const clinic = await buildClinic(t, { tier });
  await t.db.update(clinics).set({ timeZone }).where(eq(clinics.id, clinic.clinicId));
  return clinic;
}

/** An answered survey (score at answeredAt), sent an hour before. */
async function answered(
  clinicId: string,
  patientId: string,
  answeredAtIso: string,
  score: number,
  procedure?: string,
) {
  const answeredAt = at(answeredAtIso);
  return buildSentSurvey(t, clinicId, patientId, {
    sentAt: new Date(answeredAt.getTime() - 3_600_000),
    answeredAt,
    score,
    ...(procedure ? { procedure } : {}),
  });
}

describe('period boundaries in the clinic zone', () => {
  it('Madrid: 23:30 on the last day of March (CEST) is March, 00:30 on 1 April is April', async () => {
    const { clinicId, owner } = await clinicIn('Europe/Madrid');
    const p = await buildPatient(t, clinicId);
    await answered(clinicId, p.id, '2026-03-31T21:30:00Z', 10); // 23:30 31 Mar Madrid
    await answered(clinicId, p.id, '2026-03-31T22:30:00Z', 0); // 00:30 1 Apr Madrid
    const march = (await summary(owner.cookie, '2026-03-01', '2026-03-31')).json();
    expect(march.headline.current.nps).toMatchObject({ promoters: 1, detractors: 0, responses: 1 });
    const april = (await summary(owner.cookie, '2026-04-01', '2026-04-30')).json();
    expect(april.headline.current.nps).toMatchObject({ promoters: 0, detractors: 1, responses: 1 });
    // April's previous period is 2 Mar..31 Mar (30 days): the March 10 is in it.
    expect(april.previousPeriod).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(april.headline.previous.nps.promoters).toBe(1);
  });

  it('Madrid DST days: 29 Mar (23 h) and 25 Oct (25 h) hold their late-evening answers', async () => {
    const { clinicId, owner } = await clinicIn('Europe/Madrid');
    const p = await buildPatient(t, clinicId);
    // 29 Mar 2026: 00:00 local = 28 Mar 23:00Z; 23:30 local (CEST) = 21:30Z; next midnight = 22:00Z.
    await answered(clinicId, p.id, '2026-03-28T23:10:00Z', 9); // 00:10 on 29 Mar
    await answered(clinicId, p.id, '2026-03-29T21:50:00Z', 9); // 23:50 on 29 Mar
    await answered(clinicId, p.id, '2026-03-29T22:10:00Z', 1); // 00:10 on 30 Mar
    const mar = (await summary(owner.cookie, '2026-03-29', '2026-03-29')).json();
    expect(mar.headline.current.nps).toMatchObject({ promoters: 2, detractors: 0, responses: 2 });
    expect(mar.series.points).toEqual([expect.objectContaining({ start: '2026-03-29', surveyResponses: 2 })]);

    // 25 Oct 2026: 00:00 local (CEST) = 24 Oct 22:00Z; next midnight (CET) = 25 Oct 23:00Z.
    await answered(clinicId, p.id, '2026-10-24T22:10:00Z', 9); // 00:10 on 25 Oct
    await answered(clinicId, p.id, '2026-10-25T22:50:00Z', 9); // 23:50 on 25 Oct (CET)
    await answered(clinicId, p.id, '2026-10-25T23:10:00Z', 1); // 00:10 on 26 Oct
    await answered(clinicId, p.id, '2026-10-24T21:50:00Z', 1); // 23:50 on 24 Oct
    const oct = (await summary(owner.cookie, '2026-10-25', '2026-10-25')).json();
    expect(oct.headline.current.nps).toMatchObject({ promoters: 2, detractors: 0, responses: 2 });
    expect(oct.headline.previous.nps).toMatchObject({ detractors: 1, responses: 1 });
  });

  it('Istanbul (UTC+3 all year): 23:30 on 31 Jan is January', async () => {
    const { clinicId, owner } = await clinicIn('Europe/Istanbul');
    const p = await buildPatient(t, clinicId);
    await answered(clinicId, p.id, '2026-01-31T20:30:00Z', 10); // 23:30 local
    await answered(clinicId, p.id, '2026-01-31T21:30:00Z', 2); // 00:30 1 Feb local
    const jan = (await summary(owner.cookie, '2026-01-01', '2026-01-31')).json();
    expect(jan.headline.current.nps).toMatchObject({ promoters: 1, detractors: 0, responses: 1 });
    expect(jan.series.points[30]).toMatchObject({ start: '2026-01-31', surveyResponses: 1, npsScore: 100 });
  });
});

describe('NPS arithmetic', () => {
  it('rounds mirror-image mixes symmetrically: 1 promoter + 7 passives = 13, 1 detractor + 7 passives = -13', async () => {
    const a = await clinicIn('Europe/Madrid');
    const b = await clinicIn('Europe/Madrid');
    const pa = await buildPatient(t, a.clinicId);
    const pb = await buildPatient(t, b.clinicId);
    await answered(a.clinicId, pa.id, '2026-02-10T10:00:00Z', 10);
    await answered(b.clinicId, pb.id, '2026-02-10T10:00:00Z', 0);
    for (let i = 0; i < 7; i++) {
      await answered(a.clinicId, pa.id, `2026-02-1${i}T11:00:00Z`, 8);
      await answered(b.clinicId, pb.id, `2026-02-1${i}T11:00:00Z`, 8);
    }
    const ha = (await summary(a.owner.cookie, '2026-02-01', '2026-02-28')).json().headline.current.nps;
    const hb = (await summary(b.owner.cookie, '2026-02-01', '2026-02-28')).json().headline.current.nps;
    expect(ha).toMatchObject({ promoters: 1, passives: 7, detractors: 0, responses: 8 });
    expect(hb).toMatchObject({ promoters: 0, passives: 7, detractors: 1, responses: 8 });
    // 12.5 and -12.5: the same rounding should give the same magnitude.
    expect(ha.score).toBe(13);
    expect(hb.score).toBe(-13);
  });

  it('counts every answer of one patient (several surveys), and the series sum equals the headline', async () => {
    const { clinicId, owner } = await clinicIn('Europe/Madrid');
    const p = await buildPatient(t, clinicId);
    await answered(clinicId, p.id, '2026-01-05T10:00:00Z', 2);
    await answered(clinicId, p.id, '2026-02-20T10:00:00Z', 9);
    await answered(clinicId, p.id, '2026-03-20T10:00:00Z', 7);
    const body = (await summary(owner.cookie, '2026-01-01', '2026-03-31')).json();
    expect(body.headline.current.nps).toEqual({
      score: 0,
      promoters: 1,
      passives: 1,
      detractors: 1,
      responses: 3,
    });
    expect(body.headline.current.surveyResponseRate).toEqual({ numerator: 3, denominator: 3, rate: 1 });
    expect(body.series.granularity).toBe('week');
    const sum = body.series.points.reduce(
      (s: number, x: { surveyResponses: number }) => s + x.surveyResponses,
      0,
    );
    expect(sum).toBe(3);
  });

  it('empty periods: nulls for shares, zeros for counts, nothing NaN', async () => {
    const { owner } = await clinicIn('Europe/Istanbul');
    const res = await summary(owner.cookie, '2026-02-01', '2026-02-28');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/NaN|Infinity/);
    const body = res.json();
    expect(body.headline.current.nps).toEqual({
      score: null,
      promoters: 0,
      passives: 0,
      detractors: 0,
      responses: 0,
    });
    expect(body.headline.current.surveyResponseRate).toEqual({ numerator: 0, denominator: 0, rate: null });
    expect(body.advanced.current.recoveryRate).toEqual({ numerator: 0, denominator: 0, rate: null });
    expect(body.advanced.current.reviews.total).toEqual({ count: 0, averageRating: null });
    expect(body.breakdowns.perProcedure).toEqual([]);
  });
});

describe('tenancy', () => {
  it("never counts another clinic's surveys, reviews, cases or at-risk patients", async () => {
    const mine = await clinicIn('Europe/Madrid');
    const theirs = await clinicIn('Europe/Madrid');
    const p = await buildPatient(t, theirs.clinicId);
    await answered(theirs.clinicId, p.id, '2026-01-10T10:00:00Z', 0);
    await buildReview(t, {
      clinicId: theirs.clinicId,
      patientId: p.id,
      rating: 1,
      reviewDate: at('2026-01-10T12:00:00Z'),
    });
    await buildCase(t, {
      clinicId: theirs.clinicId,
      patientId: p.id,
      severity: 'high',
      createdAt: at('2026-01-10T13:00:00Z'),
    });
    await t.db
      .update(patients)
      .set({ riskLevel: 'high', riskRank: 2 })
      .where(and(eq(patients.clinicId, theirs.clinicId), eq(patients.id, p.id)));
    const body = (await summary(mine.owner.cookie, '2026-01-01', '2026-01-31')).json();
    expect(body.headline.current.nps.responses).toBe(0);
    expect(body.advanced.current.reviews.total.count).toBe(0);
    expect(body.advanced.current.cases.opened).toBe(0);
    expect(body.advanced.current.recoveryRate.denominator).toBe(0);
    const risk = (await get(mine.owner.cookie, '/api/analytics/patients-at-risk')).json();
    expect(risk).toEqual({ high: 0, medium: 0, total: 0 });
    const theirRisk = (await get(theirs.owner.cookie, '/api/analytics/patients-at-risk')).json();
    expect(theirRisk.high).toBe(1);
    // Another clinic's patient by id: 404 (patients route).
    const other = await get(mine.owner.cookie, `/api/patients/${encodeURIComponent(p.id)}`);
    expect(other.statusCode).toBe(404);
  });
});

describe('win-back (recovery)', () => {
  it('an unhappy patient won back once, in the period of the unhappiness; not again in the next', async () => {
    const { clinicId, owner } = await clinicIn('Europe/Madrid');
    const p = await buildPatient(t, clinicId);
    await answered(clinicId, p.id, '2026-01-05T10:00:00Z', 2);
    await answered(clinicId, p.id, '2026-01-08T10:00:00Z', 4); // a second unhappy moment
    await buildReview(t, { clinicId, patientId: p.id, rating: 1, reviewDate: at('2026-01-09T10:00:00Z') });
    await buildCase(t, {
      clinicId,
      patientId: p.id,
      status: 'resolved',
      createdAt: at('2026-01-10T10:00:00Z'),
      resolvedAt: at('2026-01-20T10:00:00Z'),
    });
    await buildReview(t, {
      clinicId,
      patientId: p.id,
      provider: 'google',
      rating: 5,
      reviewDate: at('2026-02-03T10:00:00Z'),
    });
    const jan = (await summary(owner.cookie, '2026-01-01', '2026-01-31')).json();
    expect(jan.advanced.current.recoveryRate).toEqual({ numerator: 1, denominator: 1, rate: 1 });
    const feb = (await summary(owner.cookie, '2026-02-01', '2026-02-28')).json();
    expect(feb.advanced.current.recoveryRate).toEqual({ numerator: 0, denominator: 0, rate: null });
    expect(feb.advanced.previous.recoveryRate).toEqual({ numerator: 1, denominator: 1, rate: 1 });
  });
});

describe('range validation', () => {
  it.each([
    ['from=2026-02-30&to=2026-03-01'],
    ['from=2026-1-1&to=2026-01-31'],
    ['from=2026-01-01&to=2026-01-31&from=2026-01-02'],
    ['from=2026-01-01T00:00:00Z&to=2026-01-31'],
    ['from=0050-01-01&to=0050-01-31'],
    ['from=0099-12-01&to=0100-01-15'],
    ['from=0000-01-01&to=0000-01-02'],
    ['from=9999-12-01&to=9999-12-31'],
    ['from=2025-01-01&to=2026-01-02'],
  ])('%s answers 200 or a clear 400, never 500', async (query) => {
    const { owner } = await clinicIn('Europe/Madrid');
    const res = await get(owner.cookie, `/api/analytics/summary?${query}`);
    expect([200, 400], `${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
  });

  it('accepts the longest range (366 days, a leap year) and charts it per week', async () => {
    const { owner } = await clinicIn('Europe/Istanbul');
    const res = await summary(owner.cookie, '2028-01-01', '2028-12-31');
    expect(res.statusCode).toBe(200);
    expect(res.json().series.granularity).toBe('week');
  });
});

describe('survey answered through the public endpoint, then changed', () => {
  const answer = (token: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/surveys/${token}/answers`,
      headers: jsonHeaders(),
      payload: payload as object,
    });

  it('a changed answer (3 -> 10 within 24 h) counts once, as the new score, on the first answer day', async () => {
    const { clinicId, owner } = await clinicIn('Europe/Madrid');
    const p = await buildPatient(t, clinicId);
    const s = await buildSentSurvey(t, clinicId, p.id, { sentAt: new Date(Date.now() - 3_600_000) });
    expect((await answer(s.token, { score: 3, comment: 'mal' })).statusCode).toBe(200);
    expect((await answer(s.token, { score: 10, comment: 'perdón, bien' })).statusCode).toBe(200);
    const [row] = await t.db.select().from(surveyRequests).where(eq(surveyRequests.id, s.id));
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(row!.answeredAt!);
    const body = (await summary(owner.cookie, day, day)).json();
    expect(body.headline.current.nps).toEqual({
      score: 100,
      promoters: 1,
      passives: 0,
      detractors: 0,
      responses: 1,
    });
  });

  it.each([
    ['score 11', { score: 11 }],
    ['score -1', { score: -1 }],
    ['score 5.5', { score: 5.5 }],
    ['score "7"', { score: '7' }],
    ['score null', { score: null }],
    ['no score', {}],
    ['10 kB comment', { score: 7, comment: 'x'.repeat(10_240) }],
    ['extra field', { score: 7, extra: true }],
  ])('refuses %s with 400', async (_, payload) => {
    const { clinicId } = await clinicIn('Europe/Madrid');
    const p = await buildPatient(t, clinicId);
    const s = await buildSentSurvey(t, clinicId, p.id);
    const res = await answer(s.token, payload);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
  });

  it.each([
    ['emoji', '😀👍🏽👨‍👩‍👧 muy bien '.repeat(20)],
    ['RTL Arabic with RLM', '‏شكراً جزيلاً، كانت التجربة ممتازة'],
    ['Hebrew', 'תודה רבה, היה מצוין'],
    ['Turkish', 'Çok teşekkürler, İyi bir deneyimdi ğüşöç'],
  ])('stores a %s comment byte for byte', async (_, comment) => {
    const { clinicId } = await clinicIn('Europe/Istanbul');
    const p = await buildPatient(t, clinicId);
    const s = await buildSentSurvey(t, clinicId, p.id);
    const res = await answer(s.token, { score: 9, comment });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const [row] = await t.db.select().from(surveyRequests).where(eq(surveyRequests.id, s.id));
    expect(row!.comment).toBe(comment.trim());
  });

  it('a comment of 600 emoji (600 characters, under the 1000-character limit) is accepted', async () => {
    const { clinicId } = await clinicIn('Europe/Istanbul');
    const p = await buildPatient(t, clinicId);
    const s = await buildSentSurvey(t, clinicId, p.id);
    const comment = '😀'.repeat(600);
    expect([...comment]).toHaveLength(600);
    const res = await answer(s.token, { score: 9, comment });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  });

  it('an expired link is 404 and its answer is not counted', async () => {
    const { clinicId } = await clinicIn('Europe/Madrid');
    const p = await buildPatient(t, clinicId);
    const s = await buildSentSurvey(t, clinicId, p.id, {
      sentAt: new Date(Date.now() - 31 * 86_400_000),
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    const res = await answer(s.token, { score: 0 });
    expect(res.statusCode).toBe(404);
  });
});

describe('public API /api/v1/analytics range', () => {
  it('a year below 100 is a clear 400, not 500', async () => {
    const { bearer, buildAccessToken, buildApiClient } = await import('../../testing/build-api-client');
    const { owner } = await clinicIn('Europe/Madrid');
    const token = await buildAccessToken(t, await buildApiClient(t, owner, { scopes: ['analytics:read'] }));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics?from=0050-01-01&to=0050-01-31',
      headers: bearer(token),
    });
    expect([200, 400], `${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
  });
});
