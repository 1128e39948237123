import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinics, credentialHealth, secrets, securityAuditLog, userActions, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { SecretBox } from '../../lib/secret-box';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { changedTables, clinicSnapshot } from '../../testing/route-table';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { associatedData } from '../secrets/secrets.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Check = {
  id: string;
  status: string;
  severity: string;
  autoFixable: boolean;
  details: Record<string, unknown>;
};

const scan = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/security-hardening', headers: { cookie } });
const post = (cookie: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: jsonHeaders({ cookie }), payload });
const checkOf = (body: { checks: Check[] }, id: string) => body.checks.find((c) => c.id === id)!;
const actionsOf = async (clinicId: string) =>
  (
    await t.db
      .select({ action: userActions.action, context: userActions.context })
      .from(userActions)
      .where(and(eq(userActions.clinicId, clinicId), like(userActions.action, 'security_%')))
  ).map((row) => row.action);

describe('/api/security-hardening', () => {
  it('answers 401 without a session and 403 to staff, on every route', async () => {
    const clinic = await buildClinic(t);
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect((await t.app.inject({ method: 'GET', url: '/api/security-hardening' })).statusCode).toBe(401);
    expect((await scan(staff.cookie)).statusCode).toBe(403);
    for (const url of [
      '/api/security-hardening/scan',
      '/api/security-hardening/checks/secure_headers/run',
      '/api/security-hardening/checks/secure_headers/auto-fix',
    ]) {
      expect((await post(staff.cookie, url)).statusCode, url).toBe(403);
    }
    expect(await actionsOf(clinic.clinicId)).toEqual([]);
  });

  it('runs the eight checks on the running system and scores the percent passing', async () => {
    const clinic = await buildClinic(t);
    const admin = await buildMember(t, clinic.clinicId, 'admin');
    const res = await scan(admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.checks.map((c: Check) => c.id)).toEqual([
      'secure_headers',
      'https_tls',
      'password_policy',
      'two_factor_adoption',
      'credential_health',
      'security_events',
      'secrets_encryption',
      'session_lifetime',
    ]);
    // Headers as this server serves them (helmet's policy on the API and the web app).
    expect(checkOf(body, 'secure_headers')).toMatchObject({
      status: 'pass',
      severity: 'high',
      autoFixable: true,
      details: { missing: '', paths: '/api/health, /login' },
    });
    // A test server on http://localhost, not production: a warning, not a pass.
    expect(checkOf(body, 'https_tls')).toMatchObject({
      status: 'warning',
      autoFixable: false,
      details: { protocol: 'http', environment: 'test' },
    });
    expect(checkOf(body, 'password_policy')).toMatchObject({
      status: 'pass',
      details: { minimumLength: 8, commonPasswordsRefused: 'yes' },
    });
    // Nobody has two-factor yet.
    expect(checkOf(body, 'two_factor_adoption')).toMatchObject({
      status: 'fail',
      details: { managers: 2, managersWithTwoFactor: 0, members: 2 },
    });
    expect(checkOf(body, 'credential_health').status).toBe('pass');
    expect(checkOf(body, 'security_events')).toMatchObject({ status: 'pass', details: { critical: 0 } });
    expect(checkOf(body, 'secrets_encryption')).toMatchObject({ status: 'pass', details: { total: 0 } });
    expect(checkOf(body, 'session_lifetime')).toMatchObject({
      status: 'pass',
      details: { idleMinutes: 30, absoluteDays: 7 },
    });
    expect(body).toMatchObject({ total: 8, passing: 6, score: 75 });
    // Opening the page is not an action.
    expect(await actionsOf(clinic.clinicId)).toEqual([]);
  });

  it("reads only the caller's clinic: another clinic's events, credentials, secrets and two-factor change nothing", async () => {
    const clinic = await buildClinic(t);
    const other = await buildClinic(t);
    const foreignBox = new SecretBox(randomBytes(32));
    await t.db.insert(securityAuditLog).values({
      id: newId('aud'),
      clinicId: other.clinicId,
      action: 'account_locked',
      resourceType: 'authentication',
      riskLevel: 'critical',
    });
    await t.db.insert(credentialHealth).values({
      id: newId('crh'),
      clinicId: other.clinicId,
      credentialType: 'twilio',
      status: 'unhealthy',
      detail: 'Authenticate',
      checkedAt: new Date(),
    });
    await t.db.insert(secrets).values({
      clinicId: other.clinicId,
      name: `TWILIO_AUTH_TOKEN_${other.clinicId}`,
      ...foreignBox.seal('x', associatedData(other.clinicId, `TWILIO_AUTH_TOKEN_${other.clinicId}`)),
    });
    await t.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, other.owner.userId));
    await t.db.update(clinics).set({ idleTimeoutMinutes: 720 }).where(eq(clinics.id, other.clinicId));

    const mine = (await scan(clinic.owner.cookie)).json();
    for (const id of ['credential_health', 'security_events', 'secrets_encryption', 'session_lifetime'])
      expect(checkOf(mine, id).status, id).toBe('pass');
    expect(checkOf(mine, 'two_factor_adoption').status).toBe('fail');

    const theirs = (await scan(other.owner.cookie)).json();
    expect(checkOf(theirs, 'security_events')).toMatchObject({ status: 'warning', details: { critical: 1 } });
    expect(checkOf(theirs, 'credential_health')).toMatchObject({
      status: 'warning',
      details: { unhealthy: 1, unhealthyTypes: 'twilio' },
    });
    // Saved under a key this server does not hold: lost until that key comes back.
    expect(checkOf(theirs, 'secrets_encryption')).toMatchObject({
      status: 'fail',
      details: { total: 1, unreadable: 1 },
    });
    expect(checkOf(theirs, 'two_factor_adoption')).toMatchObject({
      status: 'pass',
      details: { managers: 1, managersWithTwoFactor: 1 },
    });
    expect(checkOf(theirs, 'session_lifetime')).toMatchObject({
      status: 'fail',
      details: { idleMinutes: 720 },
    });
  });

  it('a secret saved through the vault opens under the current key', async () => {
    const clinic = await buildClinic(t);
    const saved = await post(clinic.owner.cookie, '/api/secrets', {
      name: `TWILIO_AUTH_TOKEN_${clinic.clinicId}`,
      value: 'token-value',
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const body = (await scan(clinic.owner.cookie)).json();
    expect(checkOf(body, 'secrets_encryption')).toMatchObject({
      status: 'pass',
      details: { total: 1, unreadable: 0 },
    });
  });

  it('logs a full scan and a single check with what they found', async () => {
    const clinic = await buildClinic(t);
    const full = await post(clinic.owner.cookie, '/api/security-hardening/scan');
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().checks).toHaveLength(8);
    const one = await post(clinic.owner.cookie, '/api/security-hardening/checks/password_policy/run');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: 'password_policy', status: 'pass', severity: 'high' });
    const rows = await t.db
      .select({ action: userActions.action, context: userActions.context, userId: userActions.userId })
      .from(userActions)
      .where(and(eq(userActions.clinicId, clinic.clinicId), like(userActions.action, 'security_%')));
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          action: 'security_full_scan_initiated',
          userId: clinic.owner.userId,
          context: expect.objectContaining({ score: full.json().score }),
        },
        {
          action: 'security_check_initiated',
          userId: clinic.owner.userId,
          context: { checkId: 'password_policy', status: 'pass' },
        },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it("auto-fixes secure_headers only; any other check is refused with the spec's message and nothing logged", async () => {
    const clinic = await buildClinic(t);
    for (const id of ['https_tls', 'two_factor_adoption', 'session_lifetime']) {
      const before = await clinicSnapshot(t.db, clinic.clinicId);
      const res = await post(clinic.owner.cookie, `/api/security-hardening/checks/${id}/auto-fix`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error.message).toBe('Auto-fix not implemented for this check');
      expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
    }
    const fixed = await post(clinic.owner.cookie, '/api/security-hardening/checks/secure_headers/auto-fix');
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ id: 'secure_headers', status: 'pass' });
    expect(await actionsOf(clinic.clinicId)).toEqual(
      expect.arrayContaining(['security_auto_fix_attempted', 'security_auto_fix_completed']),
    );
    expect(await actionsOf(clinic.clinicId)).toHaveLength(2);
  });

  it('refuses an unknown check and a body with fields with 400, changing nothing', async () => {
    const clinic = await buildClinic(t);
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    for (const [url, payload] of [
      ['/api/security-hardening/checks/firewall/run', {}],
      ['/api/security-hardening/checks/firewall/auto-fix', {}],
      ['/api/security-hardening/checks/secure_headers/run', { force: true }],
      ['/api/security-hardening/scan', { checks: ['all'] }],
    ] as const) {
      expect((await post(clinic.owner.cookie, url, payload)).statusCode, url).toBe(400);
    }
    expect(changedTables(before, await clinicSnapshot(t.db, clinic.clinicId))).toEqual([]);
  });
});
