import { signInLockoutPolicy } from '@careloop/domain/sign-in-lockout';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityAuditLog, signInThrottles } from '../../db/schema';
import {
  buildClinic,
  buildMember,
  buildUser,
  clientIp,
  jsonHeaders,
  uniqueEmail,
} from '../../testing/build-user';
import { findLink, readOutbox } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signInAccountKey } from './sign-in-lockout.plugin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { maxFailedAttempts, firstCooldownSeconds } = signInLockoutPolicy;

const signIn = (email: string, password: string, ip = clientIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: jsonHeaders({ 'x-forwarded-for': ip }),
    payload: { email, password },
  });

/** Wrong passwords until the account is locked: the budget's worth, each from its own address. */
async function lockOut(email: string) {
  for (let i = 0; i < maxFailedAttempts; i++)
    expect((await signIn(email, `wrong-${i}-pass`)).statusCode).toBe(401);
}

/** The cool-down has passed: the lock's end moved into the past (no waiting in tests). */
async function endCooldown(email: string) {
  await t.db
    .update(signInThrottles)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(signInThrottles.accountKey, signInAccountKey(email)));
}

// Each sign-in hashes a password (unknown addresses too): generous time for a busy machine.
const slow = { timeout: 240_000 };

describe('per-account sign-in lockout', slow, () => {
  it('30 wrong passwords from 15 addresses lock the account: the right password is then refused, with a message and Retry-After', async () => {
    const user = await buildUser(t);
    const addresses = Array.from({ length: 15 }, () => clientIp());
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await signIn(user.email, `guess-${i}-x`, addresses[i % 15])).statusCode);
    expect(statuses.slice(0, maxFailedAttempts).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(maxFailedAttempts).every((s) => s === 429)).toBe(true);

    const right = await signIn(user.email, user.password, addresses[0]);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message:
        'Too many failed sign-in attempts for this account. Please try again in a few minutes, or reset your password.',
    });
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(firstCooldownSeconds);
    expect(right.cookies.find((c) => c.name.includes('session_token'))).toBeUndefined();

    const locked = await t.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.action, 'account_locked'), eq(securityAuditLog.resourceId, user.email)));
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({ riskLevel: 'critical', resourceType: 'authentication' });
    const refused = await t.db
      .select()
      .from(securityAuditLog)
      .where(and(eq(securityAuditLog.action, 'failed_login'), eq(securityAuditLog.resourceId, user.email)));
    expect(refused.filter((r) => (r.detail as { reason?: string }).reason === 'ACCOUNT_LOCKED')).toHaveLength(
      26,
    );
  });

  it('an unknown e-mail answers exactly as a known one (no account-existence leak)', async () => {
    const known = await buildUser(t);
    const unknown = uniqueEmail('nobody');
    const answers = async (email: string) => {
      const out: string[] = [];
      for (let i = 0; i < maxFailedAttempts + 2; i++) {
        const res = await signIn(email, `nope-${i}-nope`);
        out.push(
          `${res.statusCode} ${res.json().code} ${res.json().message} ${res.headers['retry-after'] ? 'retry' : ''}`,
        );
      }
      return out;
    };
    expect(await answers(unknown)).toEqual(await answers(known.email));
  });

  it('after the cool-down the owner signs in, and the count starts afresh; a second lockout lasts longer', async () => {
    const user = await buildUser(t);
    await lockOut(user.email);
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);

    await endCooldown(user.email);
    await lockOut(user.email);
    const again = await signIn(user.email, user.password);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(firstCooldownSeconds);

    await endCooldown(user.email);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(signInThrottles)
      .where(eq(signInThrottles.accountKey, signInAccountKey(user.email)));
    expect(row).toBeUndefined();
  });

  it('the e-mail is matched without regard to case', async () => {
    const user = await buildUser(t);
    await lockOut(user.email.toUpperCase());
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
  });

  it('a password reset lifts the lock', async () => {
    const user = await buildUser(t);
    await lockOut(user.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: jsonHeaders(),
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    await t.deps.mailer.idle();
    const link = findLink(readOutbox(t.outboxDir, user.email).at(-1)!, '/reset-password?');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: jsonHeaders(),
      payload: { newPassword: 'a-brand-new-passphrase', token: link.searchParams.get('token') },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(user.email, 'a-brand-new-passphrase')).statusCode).toBe(200);
  });

  it('a success before the budget is spent clears the count', async () => {
    const user = await buildUser(t);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < maxFailedAttempts - 1; i++)
        expect((await signIn(user.email, 'typo-typo')).statusCode).toBe(401);
      expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    }
  });
});

describe('one clinic behind one router (one client address)', slow, () => {
  it("one user's typos lock only that account; colleagues at the same address still sign in", async () => {
    const router = clientIp();
    const typist = await buildUser(t);
    const colleagues = await Promise.all(Array.from({ length: 8 }, () => buildUser(t)));
    for (let i = 0; i < maxFailedAttempts; i++)
      expect((await signIn(typist.email, 'typo-typo', router)).statusCode).toBe(401);
    expect((await signIn(typist.email, typist.password, router)).json().code).toBe('ACCOUNT_LOCKED');
    for (const colleague of colleagues) {
      expect((await signIn(colleague.email, colleague.password, router)).statusCode).toBe(200);
    }
  });

  it('one address still has a ceiling across all accounts (credential stuffing)', async () => {
    const router = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i <= signInLockoutPolicy.perAddressPerMinute; i++) {
      statuses.push((await signIn(uniqueEmail('stuffing'), 'password-guess', router)).statusCode);
    }
    // The whole list, so that a failure shows which attempt was answered what.
    expect(statuses).toEqual([...Array(signInLockoutPolicy.perAddressPerMinute).fill(401), 429]);
  });
});

describe("a lockout on the clinic's Monitoring and security checks", slow, () => {
  it("a staff member's locked account is the clinic's critical security event, and its refused sign-ins are the clinic's; another clinic sees none", async () => {
    const clinic = await buildClinic(t);
    const other = await buildClinic(t);
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    // Typed with capitals, as people do: the account is still found.
    await lockOut(staff.email.toUpperCase());

    const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const monitoring = (await get(clinic.owner.cookie, '/api/monitoring')).json();
    expect(monitoring.security).toMatchObject({ critical: 1, events: [{ action: 'account_locked' }] });
    const checks = (await get(clinic.owner.cookie, '/api/security-hardening')).json();
    expect(checks.checks.find((check: { id: string }) => check.id === 'security_events')).toMatchObject({
      status: 'warning',
      details: { critical: 1 },
    });
    const refused = await t.db
      .select()
      .from(securityAuditLog)
      .where(
        and(eq(securityAuditLog.action, 'failed_login'), eq(securityAuditLog.clinicId, clinic.clinicId)),
      );
    expect(refused).toHaveLength(maxFailedAttempts);

    expect((await get(other.owner.cookie, '/api/monitoring')).json().security).toMatchObject({ critical: 0 });
  });
});
