import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityAuditLog, sessions } from '../db/schema';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../testing/build-user';
import { clinicSnapshot } from '../testing/route-table';
import { createTestApp, type TestApp } from '../testing/test-app';

// HIPAA automatic logoff: each clinic sets its idle time (24 hours of better-auth's sliding expiry
// would be far too long), and the request context ends an idle session.
describe('automatic sign-out after the clinic’s idle time', () => {
  let t: TestApp;
  let clinic: { clinicId: string; owner: SignedInUser };
  let other: { clinicId: string; owner: SignedInUser };

  beforeAll(async () => {
    t = await createTestApp();
    clinic = await buildClinic(t);
    other = await buildClinic(t);
  });

  afterAll(async () => {
    await t?.close();
  });

  const me = (user: SignedInUser) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: jsonHeaders({ cookie: user.cookie }) });

  const idleFor = (user: { userId: string }, seconds: number) =>
    t.db
      .update(sessions)
      .set({ lastActiveAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(sessions.userId, user.userId));

  const lastActive = async (user: { userId: string }) =>
    (await t.db.select().from(sessions).where(eq(sessions.userId, user.userId)))[0]?.lastActiveAt;

  const setIdleMinutes = (user: SignedInUser, idleTimeoutMinutes: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/settings/security',
      headers: jsonHeaders({ cookie: user.cookie }),
      payload: { idleTimeoutMinutes },
    });

  it('ends a session idle past 30 minutes (the default) with 401 SESSION_IDLE, then it stays ended', async () => {
    const user = await buildMember(t, clinic.clinicId, 'staff');
    await idleFor(user, 31 * 60);
    const first = await me(user);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({
      error: { code: 'SESSION_IDLE', message: 'Signed out after 30 minutes without activity' },
    });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toEqual([]);
    const again = await me(user);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('keeps a session used within its idle time, and writes its activity down at most once a minute', async () => {
    const user = await buildMember(t, clinic.clinicId, 'staff');
    await idleFor(user, 29 * 60);
    expect((await me(user)).statusCode).toBe(200);
    const recorded = await lastActive(user);
    expect(Date.now() - (recorded?.getTime() ?? 0)).toBeLessThan(60_000);
    await idleFor(user, 30);
    const before = await lastActive(user);
    expect((await me(user)).statusCode).toBe(200);
    expect(await lastActive(user)).toEqual(before);
  });

  it('a manager sets the clinic’s idle time; it applies to the clinic’s members only, from their next request', async () => {
    const res = await setIdleMinutes(clinic.owner, 10);
    expect(res.statusCode).toBe(200);
    expect(res.json().security).toEqual({ idleTimeoutMinutes: 10 });
    const here = await buildMember(t, clinic.clinicId, 'staff');
    const there = await buildMember(t, other.clinicId, 'staff');
    await idleFor(here, 11 * 60);
    await idleFor(there, 11 * 60);
    const ended = await me(here);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.message).toBe('Signed out after 10 minutes without activity');
    expect((await me(there)).statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(securityAuditLog)
      .where(eq(securityAuditLog.clinicId, clinic.clinicId));
    expect(audit.map((row) => row.action)).toContain('idle_sign_out_changed');
    expect((await setIdleMinutes(clinic.owner, 30)).statusCode).toBe(200);
  });

  it.each([4, 721, 30.5, '30', null])('%j minutes: 400 naming the field, nothing changed', async (value) => {
    const before = await clinicSnapshot(t.db, clinic.clinicId);
    const res = await setIdleMinutes(clinic.owner, value);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('idleTimeoutMinutes');
    expect(await clinicSnapshot(t.db, clinic.clinicId)).toEqual(before);
  });

  it('staff cannot change it', async () => {
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect((await setIdleMinutes(staff, 15)).statusCode).toBe(403);
  });
});
