import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { buildClinic, jsonHeaders } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';

// The request context reads session, user and clinic in one statement. These tests run with the
// identity cache off (SESSION_CACHE_SECONDS=0: revocation immediate); identity-cache.int.test.ts
// covers the cache and its 2-second bound.

const statements: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ observeQuery: (sql) => statements.push(sql) });
});
afterAll(async () => {
  await t?.close();
});

const identityTables = /"(sessions|users|clinic_users|clinics)"/;

describe('request context', () => {
  it('resolves the session, its user and the clinic in one statement', async () => {
    const { owner, clinicId } = await buildClinic(t);
    statements.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/cases/summary',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    const identity = statements.filter((s) => identityTables.test(s));
    expect(identity).toHaveLength(1);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expect(me.json().clinic.id).toBe(clinicId);
  });

  it('refuses a cookie whose signature is not ours, even for a real session token', async () => {
    const { owner } = await buildClinic(t);
    const [name, value] = owner.cookie.split(';')[0]!.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32).toString('base64')}`)}`;
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: forged } });
    expect(res.statusCode).toBe(401);
  });

  it('a session deleted elsewhere (sign-out on another device, revocation) is refused at once', async () => {
    const { owner } = await buildClinic(t);
    const before = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expect(before.statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, owner.userId));
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const { owner } = await buildClinic(t);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, owner.userId));
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(401);
  });

  it('a session due to slide is extended by better-auth and still answers', async () => {
    const { owner } = await buildClinic(t);
    const soon = new Date(Date.now() + 60_000);
    await t.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, owner.userId));
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, owner.userId));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(soon.getTime());
  });

  it('sign-out still ends the session', async () => {
    const { owner } = await buildClinic(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
    expect(me.statusCode).toBe(401);
  });
});
