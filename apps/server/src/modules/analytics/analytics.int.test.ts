import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, cases, clinics, patients } from '../../db/schema';
import { newId } from '../../lib/ids';
import { seedJanuary } from '../../testing/analytics-seed';
import { buildCase } from '../../testing/build-case';
import { buildPatient } from '../../testing/build-patient';
import { buildReview } from '../../testing/build-review';
import { buildSentSurvey } from '../../testing/build-survey';
import { buildClinic, buildMember } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const january = '/api/analytics/summary?from=2026-01-01&to=2026-01-31';
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function seededClinic(tier: 'starter' | 'professional' = 'professional') {
  const { clinicId, owner } = await buildClinic(t, { tier });
  const staff = await buildMember(t, clinicId, 'staff');
  await seedJanuary(t, clinicId, { owner: owner.userId, staff: staff.userId });
  return { clinicId, owner, staff };
}

describe('GET /api/analytics/summary', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: january })).statusCode).toBe(401);
  });

  it.each([
    ['from=2026-02-01&to=2026-01-31', 'to'],
    ['from=2026-01-01&to=2027-03-01', 'to'],
    ['from=2026-13-01&to=2026-01-31', 'from'],
    ['to=2026-01-31', 'from'],
    // The years 0-99 (read by Date.UTC as 1900-1999) were a 500.
    ['from=0050-01-01&to=0050-01-31', 'from'],
    ['from=1999-12-01&to=2000-01-15', 'from'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const { owner } = await buildClinic(t);
    const res = await get(owner.cookie, `/api/analytics/summary?${query}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });

  it("equals the hand count of a seeded clinic's January (Madrid days), against December", async () => {
    const { owner } = await seededClinic();
    const res = await get(owner.cookie, january);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      period: { from: '2026-01-01', to: '2026-01-31' },
      previousPeriod: { from: '2025-12-01', to: '2025-12-31' },
      timeZone: 'Europe/Madrid',
      hasAdvancedAnalytics: true,
    });
    // Answers in January: 3 and 10 (the 10 of 1 February in Madrid is not January's).
    expect(body.headline.current.nps).toEqual({
      score: 0,
      promoters: 1,
      passives: 0,
      detractors: 1,
      responses: 2,
    });
    // Sent in January: A's, B's, C's; two answered.
    expect(body.headline.current.surveyResponseRate).toEqual({ numerator: 2, denominator: 3, rate: 0.6667 });
    expect(body.headline.previous.nps).toEqual({
      score: 0,
      promoters: 0,
      passives: 1,
      detractors: 0,
      responses: 1,
    });
    const kpis = body.advanced.current;
    expect(kpis.reviews).toEqual({
      total: { count: 3, averageRating: 2.67 },
      perPlatform: [
        { platform: 'google', count: 1, averageRating: 5 },
        { platform: 'trustpilot', count: 2, averageRating: 1.5 },
      ],
      lowRatingAnsweredRate: { numerator: 1, denominator: 2, rate: 0.5 },
      // Replies after 4 and 24 hours; A was first messaged 6 hours after her 2-star review.
      medianHoursToFirstReply: 14,
      medianHoursToFirstContact: 6,
    });
    // C's case is resolved in February: open at January's end, not resolved in it.
    expect(kpis.cases).toEqual({
      medianHoursToResolve: 24,
      slaMetRate: { numerator: 1, denominator: 1, rate: 1 },
      openBySeverity: { high: 0, medium: 1, low: 1 },
      opened: 3,
      resolved: 1,
    });
    // A: unhappy (3 and 2 stars), her case resolved, then a 10 in February. C: a negative reply, his
    // case resolved in February, then a positive reply. The unmatched 1-star counts for nobody.
    expect(kpis.recoveryRate).toEqual({ numerator: 2, denominator: 2, rate: 1 });
    expect(kpis.followUps).toEqual({
      sent: 3,
      deliveryRate: { numerator: 2, denominator: 3, rate: 0.6667 },
      replyRate: { numerator: 1, denominator: 3, rate: 0.3333 },
      optOuts: 1,
    });
    expect(body.breakdowns.perChannel).toMatchObject([
      { channel: 'whatsapp', sent: 1, delivered: 1, failed: 0, replied: 0, optOuts: 0 },
      { channel: 'sms', sent: 2, delivered: 1, failed: 1, replied: 1, optOuts: 1 },
    ]);
    expect(body.breakdowns.perProcedure).toMatchObject([
      {
        procedure: 'Dental Implant',
        followUpsSent: 2,
        lowRatingReviews: 1,
        casesOpened: 2,
        nps: { responses: 1 },
      },
      {
        procedure: 'Hair Transplant',
        followUpsSent: 1,
        lowRatingReviews: 0,
        casesOpened: 1,
        nps: { score: 100 },
      },
      // The unmatched 1-star review: no patient, so no procedure.
      { procedure: null, followUpsSent: 0, lowRatingReviews: 1, casesOpened: 0 },
    ]);
    expect(body.breakdowns.perStaff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'Olivia Owner',
          casesOpened: 1,
          casesResolved: 1,
          medianHoursToResolve: 24,
        }),
        expect.objectContaining({ userId: null, casesOpened: 1, casesResolved: 0 }),
      ]),
    );
    expect(body.breakdowns.perStaff).toHaveLength(3);
    expect(body.series.granularity).toBe('day');
    expect(body.series.points).toHaveLength(31);
    expect(body.series.points[6]).toMatchObject({
      start: '2026-01-07',
      reviews: 1,
      followUpsSent: 1,
      replies: 1,
    });
  });

  it('hides the staff breakdown from staff, who see everything else', async () => {
    const { staff } = await seededClinic();
    const body = (await get(staff.cookie, january)).json();
    expect(body.breakdowns.perStaff).toBeNull();
    expect(body.advanced.current.cases.opened).toBe(3);
  });

  it('gives a Starter clinic the first KPI row only', async () => {
    const { owner } = await seededClinic('starter');
    const body = (await get(owner.cookie, january)).json();
    expect(body.hasAdvancedAnalytics).toBe(false);
    expect(body.headline.current.nps.responses).toBe(2);
    expect([body.advanced, body.breakdowns, body.series]).toEqual([null, null, null]);
  });

  it("counts only the caller's clinic", async () => {
    const { owner } = await seededClinic();
    const other = await buildClinic(t, { tier: 'professional' });
    await buildReview(t, {
      clinicId: other.clinicId,
      provider: 'google',
      rating: 4,
      reviewDate: new Date('2026-01-20T10:00:00Z'),
    });
    const ours = (await get(owner.cookie, january)).json();
    const theirs = (await get(other.owner.cookie, january)).json();
    expect(ours.advanced.current.reviews.total.count).toBe(3);
    expect(theirs.advanced.current.reviews.total).toEqual({ count: 1, averageRating: 4 });
    expect(theirs.headline.current.nps.responses).toBe(0);
    expect(theirs.advanced.current.cases.opened).toBe(0);
  });

  it("counts by the clinic's local days: Istanbul's January starts at 21:00 UTC on 31 December", async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    await t.db.update(clinics).set({ timeZone: 'Europe/Istanbul' }).where(eq(clinics.id, clinicId));
    for (const iso of [
      '2025-12-31T20:30:00Z',
      '2025-12-31T21:30:00Z',
      '2026-01-31T20:30:00Z',
      '2026-01-31T21:30:00Z',
    ]) {
      await buildReview(t, { clinicId, provider: 'google', rating: 5, reviewDate: new Date(iso) });
    }
    const body = (await get(owner.cookie, january)).json();
    expect(body.timeZone).toBe('Europe/Istanbul');
    // 00:30 on 1 January and 23:30 on 31 January there; the other two are December's and February's.
    expect(body.advanced.current.reviews.total.count).toBe(2);
    expect(body.advanced.previous.reviews.total.count).toBe(1);
    expect(body.series.points[0]).toMatchObject({ start: '2026-01-01', reviews: 1 });
    expect(body.series.points[30]).toMatchObject({ start: '2026-01-31', reviews: 1 });
  });

  it('answers nulls for an empty period', async () => {
    const { owner } = await buildClinic(t, { tier: 'professional' });
    const body = (await get(owner.cookie, '/api/analytics/summary?from=2026-03-01&to=2026-05-31')).json();
    expect(body.headline.current.nps.score).toBeNull();
    expect(body.headline.current.surveyResponseRate.rate).toBeNull();
    expect(body.advanced.current.recoveryRate.rate).toBeNull();
    expect(body.advanced.current.cases.medianHoursToResolve).toBeNull();
    expect(body.series.granularity).toBe('week');
  });
});

describe('recovery per procedure', () => {
  type ProcedureRow = {
    procedure: string | null;
    recoveryRate: { numerator: number; denominator: number; rate: number | null };
  };
  const at = (iso: string) => new Date(iso);
  const recoveryRows = (body: { breakdowns: { perProcedure: ProcedureRow[] } }) =>
    body.breakdowns.perProcedure.map((row) => [row.procedure, row.recoveryRate]);

  it('counts a patient treated twice under the procedure of their first unhappy signal, so the rows sum to the total', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    const p = await buildPatient(t, clinicId, { procedure: 'Dental Implant' });
    // A detractor about the implant (Madrid, 5 January), the case resolved the next day.
    await buildSentSurvey(t, clinicId, p.id, {
      sentAt: at('2026-01-05T09:00:00Z'),
      answeredAt: at('2026-01-05T10:00:00Z'),
      score: 2,
      procedure: 'Dental Implant',
    });
    await buildCase(t, {
      clinicId,
      patientId: p.id,
      status: 'resolved',
      createdAt: at('2026-01-05T12:00:00Z'),
      resolvedAt: at('2026-01-06T10:00:00Z'),
    });
    // A second treatment is recorded on the patient (the case follows it, ADR 021); its survey is a 10.
    await t.db
      .update(patients)
      .set({ procedure: 'Hair Transplant' })
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, p.id)));
    await buildSentSurvey(t, clinicId, p.id, {
      sentAt: at('2026-01-20T09:00:00Z'),
      answeredAt: at('2026-01-20T10:00:00Z'),
      score: 10,
      procedure: 'Hair Transplant',
    });
    const body = (await get(owner.cookie, january)).json();
    expect(body.advanced.current.recoveryRate).toEqual({ numerator: 1, denominator: 1, rate: 1 });
    // The win-back is the implant's (where the detractor was counted); the case and the 10 are the hair transplant's.
    expect(body.breakdowns.perProcedure).toMatchObject([
      { procedure: 'Dental Implant', nps: { responses: 1, detractors: 1 }, casesOpened: 0 },
      { procedure: 'Hair Transplant', nps: { responses: 1, promoters: 1 }, casesOpened: 1 },
    ]);
    expect(recoveryRows(body)).toEqual([
      ['Dental Implant', { numerator: 1, denominator: 1, rate: 1 }],
      ['Hair Transplant', { numerator: 0, denominator: 0, rate: null }],
    ]);
  });

  it('keeps the row of a procedure whose only activity in the period is an unhappy reply won back', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
    const p = await buildPatient(t, clinicId, { procedure: 'Veneers' });
    // The case was opened in December (the previous period); in January: a negative reply, the case
    // resolved, then a 5-star review (not a low rating).
    await buildCase(t, {
      clinicId,
      patientId: p.id,
      status: 'in_progress',
      createdAt: at('2025-12-20T10:00:00Z'),
    });
    await t.db.insert(alerts).values({
      clinicId,
      id: newId('alr'),
      patientId: p.id,
      severity: 'medium',
      kind: 'negative_reply',
      message: 'Not happy',
      status: 'active',
      createdAt: at('2026-01-10T10:00:00Z'),
    });
    await t.db
      .update(cases)
      .set({ status: 'resolved', resolvedAt: at('2026-01-12T10:00:00Z') })
      .where(and(eq(cases.clinicId, clinicId), eq(cases.patientId, p.id)));
    await buildReview(t, {
      clinicId,
      patientId: p.id,
      provider: 'google',
      rating: 5,
      reviewDate: at('2026-01-20T10:00:00Z'),
    });
    const body = (await get(owner.cookie, january)).json();
    expect(body.advanced.current.recoveryRate).toEqual({ numerator: 1, denominator: 1, rate: 1 });
    expect(body.breakdowns.perProcedure).toEqual([
      {
        procedure: 'Veneers',
        followUpsSent: 0,
        nps: { score: null, promoters: 0, passives: 0, detractors: 0, responses: 0 },
        lowRatingReviews: 0,
        casesOpened: 0,
        recoveryRate: { numerator: 1, denominator: 1, rate: 1 },
      },
    ]);
  });
});
