import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { recordActivity } from '../modules/clinics/clinics.service';
import { buildClinic, buildMember, jsonHeaders } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';

// Automatic sign-out, with the request context's clock moved instead of the database's rows: the
// idle time counts from real requests, a busy session writes its activity once a minute, and a
// request still reads its identity in one statement.

const minute = 60_000;
let offsetMs = 0;
const statements: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => Date.now() + offsetMs, observeQuery: (sql) => statements.push(sql) });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  offsetMs = 0;
});

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const setIdleMinutes = (cookie: string, idleTimeoutMinutes: number) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings/security',
    headers: jsonHeaders({ cookie }),
    payload: { idleTimeoutMinutes },
  });
const sessionWrites = () => statements.filter((s) => /^update "sessions"/i.test(s.trim())).length;
const identityReads = () =>
  statements.filter((s) => /^select/i.test(s.trim()) && /"sessions"/.test(s)).length;

describe('automatic sign-out on the request clock', () => {
  it('requests less than the idle time apart keep a session alive well past it; silence then ends it', async () => {
    const { owner } = await buildClinic(t);
    for (const at of [20, 40, 60, 85]) {
      offsetMs = at * minute;
      expect((await me(owner.cookie)).statusCode).toBe(200);
    }
    offsetMs = 116 * minute;
    const ended = await me(owner.cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error).toMatchObject({ code: 'SESSION_IDLE', details: { minutes: 30 } });
    offsetMs = 0;
    expect((await me(owner.cookie)).statusCode).toBe(401);
  });

  it('one identity statement per request; the activity written once a minute, not per request', async () => {
    const { owner } = await buildClinic(t);
    offsetMs = 2 * minute;
    statements.length = 0;
    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect([identityReads(), sessionWrites()]).toEqual([1, 1]);
    statements.length = 0;
    for (const seconds of [0, 10, 30, 59]) {
      offsetMs = 2 * minute + seconds * 1000;
      expect((await me(owner.cookie)).statusCode).toBe(200);
    }
    expect([identityReads(), sessionWrites()]).toEqual([4, 0]);
    offsetMs = 3 * minute + 1000;
    statements.length = 0;
    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect([identityReads(), sessionWrites()]).toEqual([1, 1]);
  });

  it('the activity write itself skips a record less than a minute old (concurrent requests write once)', async () => {
    const { owner } = await buildClinic(t);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, owner.userId));
    const stored = async () =>
      (
        await t.db.select().from(sessions).where(eq(sessions.token, session!.token))
      )[0]!.lastActiveAt.getTime();
    const first = new Date(session!.lastActiveAt.getTime() + 2 * minute);
    await recordActivity(t.db, session!.token, first);
    expect(await stored()).toBe(first.getTime());
    await recordActivity(t.db, session!.token, new Date(first.getTime() + 59_000));
    expect(await stored()).toBe(first.getTime());
    await recordActivity(t.db, session!.token, new Date(first.getTime() + minute));
    expect(await stored()).toBe(first.getTime() + minute);
  });

  it("a shorter idle time applies from the members' next request; another clinic keeps its own", async () => {
    const here = await buildClinic(t);
    const staff = await buildMember(t, here.clinicId, 'staff');
    const there = await buildClinic(t);
    expect((await setIdleMinutes(here.owner.cookie, 720)).statusCode).toBe(200);
    offsetMs = 45 * minute;
    expect((await me(staff.cookie)).statusCode).toBe(200);
    expect((await me(there.owner.cookie)).statusCode).toBe(401);
    expect((await setIdleMinutes(here.owner.cookie, 5)).statusCode).toBe(200);
    offsetMs = 45 * minute + 6 * minute;
    const ended = await me(staff.cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.details).toEqual({ minutes: 5 });
  });
});
