import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialHealth, errorLogs, securityAuditLog } from '../../db/schema';
import { checkClinicCredentialsJob, checkCredentialsDailyJob } from '../../jobs/check-credentials.job';
import type { JobContext } from '../../jobs/job-definition';
import { newId } from '../../lib/ids';
import {
  connectTrustpilot,
  type ReviewSandboxes,
  startReviewSandboxes,
} from '../../testing/build-review-source';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

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

const monitoring = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/monitoring', headers: { cookie } });
const report = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: jsonHeaders({ cookie }), payload });
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const jobContext = (sent: { name: string; payload: object }[] = []): JobContext => ({
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

describe('GET /api/monitoring', () => {
  it('answers 401 without a session and 403 to staff', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/monitoring' })).statusCode).toBe(401);
    const clinic = await buildClinic(t);
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect((await monitoring(staff.cookie)).statusCode).toBe(403);
  });

  it('is Healthy with nothing reported', async () => {
    const { owner } = await buildClinic(t);
    const res = await monitoring(owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      errors: { count: 0, critical: 0, health: 'healthy', byType: [] },
      performance: { pageLoads: 0, averageMs: null, averageRating: null, recent: [] },
      credentials: { checks: [], unhealthy: 0 },
      security: { critical: 0, events: [] },
    });
  });

  it("counts this clinic's errors (24 h), page loads and activity (1 h) and critical security events (24 h), and nobody else's", async () => {
    const clinic = await buildClinic(t);
    const other = await buildClinic(t);
    const cookie = clinic.owner.cookie;
    for (const type of ['unhandled_error', 'unhandled_error', 'critical']) {
      expect(
        (await report(cookie, '/api/log-error', { error_type: type, error_message: 'boom' })).statusCode,
      ).toBe(202);
    }
    await report(other.owner.cookie, '/api/log-error', { error_type: 'unhandled_error' });
    // Outside the 24-hour window.
    await t.db
      .insert(errorLogs)
      .values({ id: newId('err'), clinicId: clinic.clinicId, errorType: 'old', createdAt: hoursAgo(25) });
    for (const value of [1500, 6000]) {
      await report(cookie, '/api/log-performance', {
        metrics: [{ metric: 'page_load_time', value }],
        url: 'http://localhost:3000/email-confirmation?token=secret-token&type=signup',
      });
    }
    await report(cookie, '/api/log-performance', {
      metrics: [{ metric: 'first_contentful_paint', value: 400 }],
    });
    await report(cookie, '/api/log-user-action', { action: 'monitoring_dashboard_refresh' });
    await t.db.insert(securityAuditLog).values([
      {
        id: newId('aud'),
        clinicId: clinic.clinicId,
        action: 'account_locked',
        resourceType: 'authentication',
        riskLevel: 'critical',
      },
      {
        id: newId('aud'),
        clinicId: clinic.clinicId,
        action: 'failed_login',
        resourceType: 'authentication',
        riskLevel: 'medium',
      },
      {
        id: newId('aud'),
        clinicId: other.clinicId,
        action: 'account_locked',
        resourceType: 'authentication',
        riskLevel: 'critical',
      },
    ]);

    const body = (await monitoring(cookie)).json();
    expect(body.errors).toEqual({
      count: 3,
      critical: 1,
      health: 'minor_issues',
      byType: [
        { errorType: 'unhandled_error', count: 2 },
        { errorType: 'critical', count: 1 },
      ],
    });
    expect(body.performance).toMatchObject({
      pageLoads: 2,
      averageMs: 3750,
      averageRating: 'acceptable',
      slowestMs: 6000,
    });
    expect(body.performance.recent.map((r: { rating: string }) => r.rating).sort()).toEqual(['fast', 'slow']);
    // Only the page's path is shown: a reported URL's query may carry a token.
    expect(body.performance.recent.map((r: { url: string }) => r.url)).toEqual([
      '/email-confirmation',
      '/email-confirmation',
    ]);
    expect(JSON.stringify(body)).not.toContain('secret-token');
    expect(body.activity.actions).toBeGreaterThanOrEqual(1);
    expect(body.activity.topActions).toContainEqual({ action: 'monitoring_dashboard_refresh', count: 1 });
    expect(body.security).toMatchObject({ critical: 1, events: [{ action: 'account_locked' }] });

    const theirs = (await monitoring(other.owner.cookie)).json();
    expect(theirs.errors.count).toBe(1);
    expect(theirs.performance.pageLoads).toBe(0);
    expect(theirs.security.critical).toBe(1);
  });

  it('Needs Attention from 5 errors', async () => {
    const clinic = await buildClinic(t);
    await t.db
      .insert(errorLogs)
      .values(
        Array.from({ length: 5 }, () => ({ id: newId('err'), clinicId: clinic.clinicId, errorType: 'x' })),
      );
    expect((await monitoring(clinic.owner.cookie)).json().errors.health).toBe('needs_attention');
  });
});

describe('check-credentials job (daily)', () => {
  it('tries each stored credential through the real client and records the result; the page shows the latest', async () => {
    expect(checkCredentialsDailyJob.schedule?.cron).toBe('20 3 * * *');
    const clinic = await buildClinic(t);
    const bystander = await buildClinic(t);
    const source = await connectTrustpilot(t, sandboxes, clinic, []);
    const pagesBefore = sandboxes.trustpilot.requests.length;

    // The daily run schedules one check per clinic with a stored credential.
    const sent: { name: string; payload: object }[] = [];
    await checkCredentialsDailyJob.handle({}, jobContext(sent));
    const scheduled = sent.map((s) => (s.payload as { clinicId: string }).clinicId);
    expect(scheduled).toContain(clinic.clinicId);
    expect(scheduled).not.toContain(bystander.clinicId);
    expect(new Set(sent.map((s) => s.name))).toEqual(new Set([checkClinicCredentialsJob.name]));

    await checkClinicCredentialsJob.handle({ clinicId: clinic.clinicId }, jobContext());
    expect(sandboxes.trustpilot.requests.length).toBeGreaterThan(pagesBefore);
    let body = (await monitoring(clinic.owner.cookie)).json();
    expect(body.credentials.checks).toEqual([
      expect.objectContaining({ credentialType: 'trustpilot', status: 'healthy' }),
    ]);
    expect(body.credentials.unhealthy).toBe(0);

    // The key is revoked at Trustpilot: the next daily run says so, and the page shows the latest run.
    sandboxes.trustpilot.apiKeys.delete(source.apiKey);
    await checkClinicCredentialsJob.handle({ clinicId: clinic.clinicId }, jobContext());
    body = (await monitoring(clinic.owner.cookie)).json();
    expect(body.credentials.checks).toEqual([
      expect.objectContaining({ credentialType: 'trustpilot', status: 'unhealthy' }),
    ]);
    expect(body.credentials.unhealthy).toBe(1);
    expect(JSON.stringify(body)).not.toContain(source.apiKey);

    const rows = await t.db
      .select()
      .from(credentialHealth)
      .where(eq(credentialHealth.clinicId, clinic.clinicId));
    expect(rows.map((r) => r.status).sort()).toEqual(['healthy', 'unhealthy']);
    expect(
      await t.db.select().from(credentialHealth).where(eq(credentialHealth.clinicId, bystander.clinicId)),
    ).toEqual([]);
  });
});
