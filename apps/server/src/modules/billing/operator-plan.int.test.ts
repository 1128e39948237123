import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/execute-rows';
import { clinics } from '../../db/schema';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

const operatorEmail = `ops-${randomBytes(4).toString('hex')}@test.careloop.local`;
let t: TestApp;
let operator: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_EMAILS: operatorEmail } });
  const home = await buildClinic(t);
  operator = await buildMember(t, home.clinicId, 'staff', { email: operatorEmail });
});
afterAll(async () => {
  await t?.close();
});

const setPlan = (cookie: string, clinicId: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/clinics/${clinicId}/plan`,
    headers: jsonHeaders({ cookie }),
    payload,
  });
const tierOf = async (clinicId: string) =>
  (await t.db.select({ tier: clinics.subscriptionTier }).from(clinics).where(eq(clinics.id, clinicId)))[0]
    ?.tier;

describe('an operator sets the plan sales arranged (PUT /api/admin/clinics/:clinicId/plan)', () => {
  it('makes the clinic Enterprise, which unlocks Enterprise Compliance, and audits the change', async () => {
    const clinic = await buildClinic(t);
    const locked = await t.app.inject({
      method: 'GET',
      url: '/api/compliance/summary',
      headers: { cookie: clinic.owner.cookie },
    });
    expect(locked.statusCode).toBe(403);
    const res = await setPlan(operator.cookie, clinic.clinicId, { plan: 'enterprise' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ clinicId: clinic.clinicId, plan: 'enterprise' });
    expect(await tierOf(clinic.clinicId)).toBe('enterprise');
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/compliance/summary',
      headers: { cookie: clinic.owner.cookie },
    });
    expect(open.statusCode).toBe(200);
    const audits = await executeRows<{ user_id: string; context: object }>(
      t.db,
      sql`select user_id, context from user_actions where clinic_id = ${clinic.clinicId} and action = 'plan_changed'`,
    );
    expect(audits).toEqual([
      { user_id: operator.userId, context: { from: 'starter', to: 'enterprise', by: 'operator' } },
    ]);
  });

  it('refuses clinic owners (403), bad plans (400) and unknown clinics (404), changing nothing', async () => {
    const clinic = await buildClinic(t);
    expect((await setPlan(clinic.owner.cookie, clinic.clinicId, { plan: 'enterprise' })).statusCode).toBe(
      403,
    );
    for (const body of [{ plan: 'premium' }, { plan: 'Enterprise' }, {}, { plan: 'enterprise', extra: 1 }]) {
      expect((await setPlan(operator.cookie, clinic.clinicId, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect((await setPlan(operator.cookie, 'cln_nobody', { plan: 'enterprise' })).statusCode).toBe(404);
    expect(await tierOf(clinic.clinicId)).toBe('starter');
  });
});
