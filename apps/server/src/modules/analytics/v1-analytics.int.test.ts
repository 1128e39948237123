import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedJanuary } from '../../testing/analytics-seed';
import { bearer, buildAccessToken, buildApiClient } from '../../testing/build-api-client';
import { buildClinic, buildMember } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function seededToken() {
  const { clinicId, owner } = await buildClinic(t, { tier: 'professional' });
  const staff = await buildMember(t, clinicId, 'staff');
  await seedJanuary(t, clinicId, { owner: owner.userId, staff: staff.userId });
  return buildAccessToken(t, await buildApiClient(t, owner, { scopes: ['analytics:read'] }));
}

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/v1/analytics?from&to', () => {
  it("answers the period's recovery KPIs, the same as the analytics page", async () => {
    const token = await seededToken();
    const res = await get(token, '/api/v1/analytics?from=2026-01-01&to=2026-01-31');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.period).toEqual({ from: '2026-01-01', to: '2026-01-31', time_zone: 'Europe/Madrid' });
    expect(body.kpis).toMatchObject({
      nps: 0,
      survey_response_rate: 0.6667,
      median_first_reply_hours: 14,
      recovery_rate: 1,
      case_sla_met_rate: 1,
    });
    // What the endpoint answered before keeps its place.
    expect(body.trends).toHaveLength(12);
    expect(body.kpis).toHaveProperty('response_rate');
  });

  // The public API itself needs a Professional or Enterprise plan (no Starter client exists).
  it('answers null where a period has no data', async () => {
    const token = await seededToken();
    const empty = (await get(token, '/api/v1/analytics?from=2026-06-01&to=2026-06-30')).json().kpis;
    expect(empty).toMatchObject({
      nps: null,
      survey_response_rate: null,
      median_first_reply_hours: null,
      recovery_rate: null,
      case_sla_met_rate: null,
    });
  });

  it('defaults to the last 30 days and refuses half a range', async () => {
    const token = await seededToken();
    const body = (await get(token, '/api/v1/analytics')).json();
    const days = (Date.parse(body.period.to) - Date.parse(body.period.from)) / 86_400_000;
    expect(days).toBe(29);
    const half = await get(token, '/api/v1/analytics?from=2026-01-01');
    expect(half.statusCode).toBe(400);
    const ancient = await get(token, '/api/v1/analytics?from=0050-01-01&to=0050-01-31');
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().error.code).toBe('VALIDATION_ERROR');
  });
});
