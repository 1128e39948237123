import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, clinics, patients } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildCase } from '../../testing/build-case';
import { buildPatientRow, buildReview } from '../../testing/build-review';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const summary = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: { cookie } });
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function buildAlert(clinicId: string, severity: 'high' | 'medium' | 'low', status = 'active') {
  await t.db.insert(alerts).values({ clinicId, id: newId('alr'), severity, status });
}

/** Stocks a clinic with one of everything the dashboard counts. */
async function stockClinic(clinicId: string) {
  await buildPatientRow(t, clinicId, 'Ana Ruiz');
  const watched = await buildPatientRow(t, clinicId, 'Bo Li');
  await t.db
    .update(patients)
    .set({ status: 'watch' })
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, watched.id)));
  await buildReview(t, { clinicId, rating: 2 });
  await buildReview(t, { clinicId, rating: 5, reviewDate: daysAgo(21) });
  await buildReview(t, { clinicId, rating: 4, reviewDate: daysAgo(21) });
  await buildReview(t, { clinicId, rating: 1, reviewDate: daysAgo(120) }); // outside the 12 weeks
  await buildCase(t, { clinicId, severity: 'high' });
  await buildCase(t, { clinicId, severity: 'low', status: 'in_progress' });
  await buildCase(t, {
    clinicId,
    severity: 'high',
    status: 'resolved',
    createdAt: daysAgo(14),
    resolvedAt: new Date(),
  });
  await buildCase(t, { clinicId, severity: 'high', status: 'closed', createdAt: daysAgo(200) });
  await buildAlert(clinicId, 'high');
  await buildAlert(clinicId, 'low');
  await buildAlert(clinicId, 'high', 'resolved');
}

describe('GET /api/dashboard/summary', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/summary' })).statusCode).toBe(401);
  });

  it('is all zeros for a new clinic, with 12 empty weeks and no review source', async () => {
    const { owner } = await buildClinic(t);
    const res = await summary(owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      patients: { total: 0, active: 0 },
      reviews: { total: 0, averageRating: null },
      cases: { open: 0, highPriority: 0 },
      alerts: { active: 0, highRisk: 0 },
      system: { reviewSourceConfigured: false },
    });
    expect(body.weekly.reviews).toHaveLength(12);
    expect(body.weekly.cases).toHaveLength(12);
    expect(body.weekly.reviews.every((w: { count: number }) => w.count === 0)).toBe(true);
    // Consecutive Mondays, the current week last.
    const starts = body.weekly.reviews.map((w: { weekStart: string }) =>
      Date.parse(`${w.weekStart}T00:00:00Z`),
    );
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBe(7 * 86_400_000);
    expect(new Date(starts[0]).getUTCDay()).toBe(1);
    expect(Date.now() - starts[11]).toBeLessThan(8 * 86_400_000);
  });

  it("counts this clinic's patients, reviews, cases and alerts, never another clinic's", async () => {
    const { clinicId, owner } = await buildClinic(t);
    const other = await buildClinic(t);
    await stockClinic(clinicId);
    await stockClinic(other.clinicId);

    const body = (await summary(owner.cookie)).json();
    expect(body.patients).toEqual({ total: 2, active: 1 });
    // (2 + 5 + 4 + 1) / 4 = 3.0
    expect(body.reviews).toEqual({ total: 4, averageRating: 3 });
    expect(body.cases).toEqual({ open: 2, highPriority: 1 });
    expect(body.alerts).toEqual({ active: 2, highRisk: 1 });

    const reviewWeeks = body.weekly.reviews;
    expect(reviewWeeks[11]).toMatchObject({ count: 1, averageRating: 2 });
    expect(reviewWeeks[8]).toMatchObject({ count: 2, averageRating: 4.5 });
    expect(reviewWeeks.reduce((n: number, w: { count: number }) => n + w.count, 0)).toBe(3);
    const caseWeeks = body.weekly.cases;
    expect(caseWeeks[11]).toMatchObject({ opened: 2, resolved: 1 });
    expect(caseWeeks[9]).toMatchObject({ opened: 1, resolved: 0 });
    expect(caseWeeks.reduce((n: number, w: { opened: number }) => n + w.opened, 0)).toBe(3);
  });

  it("puts each review and case in the week of the clinic's time zone (Istanbul, UTC+3)", async () => {
    const { clinicId, owner } = await buildClinic(t);
    await t.db.update(clinics).set({ timeZone: 'Europe/Istanbul' }).where(eq(clinics.id, clinicId));
    // Last week's Monday 00:00 in Istanbul, as an instant (Istanbul keeps UTC+3 all year).
    const istanbulNow = new Date(Date.now() + 3 * 3_600_000);
    const daysSinceMonday = (istanbulNow.getUTCDay() + 6) % 7;
    const thisMonday = Date.UTC(
      istanbulNow.getUTCFullYear(),
      istanbulNow.getUTCMonth(),
      istanbulNow.getUTCDate() - daysSinceMonday,
    );
    const lastMonday = new Date(thisMonday - 7 * 86_400_000 - 3 * 3_600_000);
    const minutes = (n: number) => new Date(lastMonday.getTime() + n * 60_000);
    // Sunday 23:30 and Monday 00:30 in Istanbul: both Sunday in UTC, a week apart in the clinic.
    await buildReview(t, { clinicId, rating: 5, reviewDate: minutes(-30) });
    await buildReview(t, { clinicId, rating: 1, reviewDate: minutes(30) });
    await buildCase(t, { clinicId, createdAt: minutes(-30) });
    await buildCase(t, { clinicId, status: 'resolved', createdAt: minutes(-30), resolvedAt: minutes(30) });

    const body = (await summary(owner.cookie)).json();
    const lastWeek = new Date(thisMonday - 7 * 86_400_000).toISOString().slice(0, 10);
    const weekBefore = new Date(thisMonday - 14 * 86_400_000).toISOString().slice(0, 10);
    expect(body.weekly.reviews.slice(9, 11)).toEqual([
      { weekStart: weekBefore, count: 1, averageRating: 5 },
      { weekStart: lastWeek, count: 1, averageRating: 1 },
    ]);
    expect(body.weekly.cases.slice(9, 11)).toEqual([
      { weekStart: weekBefore, opened: 2, resolved: 0 },
      { weekStart: lastWeek, opened: 0, resolved: 1 },
    ]);
  });

  it('reports the review source as configured once the clinic saves its Trustpilot API key', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const other = await buildClinic(t);
    // Another clinic's key (even one named after this clinic) does not count.
    await t.app.inject({
      method: 'POST',
      url: '/api/secrets',
      headers: jsonHeaders({ cookie: other.owner.cookie }),
      payload: { name: `TRUSTPILOT_API_KEY_${clinicId}`, value: 'tp-key' },
    });
    expect((await summary(owner.cookie)).json().system.reviewSourceConfigured).toBe(false);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/secrets',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { name: `TRUSTPILOT_API_KEY_${clinicId}`, value: 'tp-key' },
    });
    expect(saved.statusCode).toBe(201);
    expect((await summary(owner.cookie)).json().system.reviewSourceConfigured).toBe(true);
  });
});
