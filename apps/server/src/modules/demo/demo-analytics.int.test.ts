import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, patients } from '../../db/schema';
import { signIn, uniqueEmail } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { seedDemoClinic } from './demo.service';
import { demoHistory } from './demo-history';

// The demo clinic fills every chart of /analytics: each KPI of the last 7, 30 and 90 days has data.

let t: TestApp;
let cookie = '';
let clinicId = '';
beforeAll(async () => {
  t = await createTestApp();
  const owner = { email: uniqueEmail('demo-analytics'), password: 'demo-owner-password-1' };
  ({ clinicId } = await seedDemoClinic(t.deps, owner));
  // The demo stays on Starter; its history is for the plans with advanced analytics.
  await t.db.update(clinics).set({ subscriptionTier: 'professional' }).where(eq(clinics.id, clinicId));
  cookie = await signIn(t, owner.email, owner.password);
});
afterAll(async () => {
  await t?.close();
});

const isoDay = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone: 'Europe/Istanbul' });
const lastDays = (days: number) =>
  `/api/analytics/summary?from=${isoDay(Date.now() - (days - 1) * 86_400_000)}&to=${isoDay(Date.now())}`;

describe('the demo clinic’s analytics', () => {
  it('draws the same history on every start, relative to now', () => {
    const now = Date.UTC(2026, 5, 1, 12);
    expect(demoHistory(now, 'Europe/Istanbul', 3)).toEqual(demoHistory(now, 'Europe/Istanbul', 3));
    const later = demoHistory(now + 86_400_000, 'Europe/Istanbul', 3);
    expect(later.patients[0]?.procedureAt.getTime()).toBe(
      (demoHistory(now, 'Europe/Istanbul', 3).patients[0]?.procedureAt.getTime() ?? 0) + 86_400_000,
    );
  });

  it.each([30, 90])('has every KPI of the last %i days', async (days) => {
    const res = await t.app.inject({ method: 'GET', url: lastDays(days), headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.headline.current.nps.responses).toBeGreaterThan(5);
    expect(body.headline.current.surveyResponseRate.rate).not.toBeNull();
    const kpis = body.advanced.current;
    for (const platform of kpis.reviews.perPlatform) expect(platform.count).toBeGreaterThan(0);
    expect(kpis.reviews.medianHoursToFirstReply).not.toBeNull();
    expect(kpis.reviews.lowRatingAnsweredRate.denominator).toBeGreaterThan(0);
    expect(kpis.cases.medianHoursToResolve).not.toBeNull();
    // Inside and outside the SLA.
    expect(kpis.cases.slaMetRate.rate).toBeGreaterThan(0);
    expect(kpis.cases.slaMetRate.rate).toBeLessThan(1);
    expect(kpis.recoveryRate.numerator).toBeGreaterThan(0);
    expect(kpis.recoveryRate.rate).toBeLessThan(1);
    for (const channel of body.breakdowns.perChannel) {
      expect(channel.sent).toBeGreaterThan(0);
      expect(channel.deliveryRate.rate).toBeLessThan(1);
      expect(channel.replied).toBeGreaterThan(0);
    }
    expect(kpis.followUps.optOuts).toBeGreaterThan(0);
    expect(body.breakdowns.perProcedure.length).toBeGreaterThanOrEqual(4);
    expect(body.breakdowns.perStaff.filter((row: { name: string | null }) => row.name).length).toBe(3);
    const charted = body.series.points.filter(
      (p: { reviews: number; followUpsSent: number }) => p.followUpsSent > 0,
    );
    expect(charted.length).toBeGreaterThan(body.series.points.length / 2);
  });

  it('has follow-ups, reviews and answers in the last 7 days, and patients at every risk level', async () => {
    const body = (await t.app.inject({ method: 'GET', url: lastDays(7), headers: { cookie } })).json();
    expect(body.advanced.current.followUps.sent).toBeGreaterThan(0);
    expect(body.advanced.current.reviews.total.count).toBeGreaterThan(0);
    expect(body.headline.current.nps.responses).toBeGreaterThan(0);
    const levels = await t.db
      .select({ level: patients.riskLevel })
      .from(patients)
      .where(eq(patients.clinicId, clinicId));
    expect(new Set(levels.map((row) => row.level))).toEqual(new Set(['low', 'medium', 'high']));
  });
});
