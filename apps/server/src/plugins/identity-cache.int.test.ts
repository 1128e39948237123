import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicUsers, sessions } from '../db/schema';
import { type AppWithKeptCaches, createAppWithKeptCaches } from '../testing/app-with-kept-caches';
import { bearer, buildAccessToken, buildApiClient } from '../testing/build-api-client';
import { buildClinic, buildMember, jsonHeaders } from '../testing/build-user';
import type { TestApp } from '../testing/test-app';

// The signed-in row is kept SESSION_CACHE_SECONDS (here 2) so that a burst of reads does not pay the
// identity round trip each; revocation by another process takes effect within that time, and this
// process's own writes at once. The request context's clock is the test's.

let kept: AppWithKeptCaches;
let t: TestApp;
beforeAll(async () => {
  kept = await createAppWithKeptCaches();
  t = kept.t;
});
afterAll(async () => {
  await t?.close();
});

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const identityReads = () => kept.count(/from "sessions" inner join "users"/);
const tokenReads = () => kept.count(/from "api_access_tokens"/);

describe('identity cache', () => {
  it('reads the session once for a burst of requests, again after 2 seconds', async () => {
    const { owner } = await buildClinic(t);
    kept.clock.now += 10_000;
    kept.forgetStatements();
    for (let i = 0; i < 5; i++) expect((await me(owner.cookie)).statusCode).toBe(200);
    expect(identityReads()).toBe(1);
    kept.clock.now += 2_000;
    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect(identityReads()).toBe(2);
  });

  it('a session revoked by another process (in the database) is refused within 2 seconds', async () => {
    const { owner } = await buildClinic(t);
    kept.clock.now += 10_000;
    expect((await me(owner.cookie)).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, owner.userId));
    kept.clock.now += 1_999;
    expect((await me(owner.cookie)).statusCode).toBe(200);
    kept.clock.now += 1;
    expect((await me(owner.cookie)).statusCode).toBe(401);
  });

  it("this process's sign-out takes effect at once", async () => {
    const { owner } = await buildClinic(t);
    kept.clock.now += 10_000;
    expect((await me(owner.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(owner.cookie)).statusCode).toBe(401);
  });

  it("this process's role change takes effect at once for the member's next request", async () => {
    const { owner, clinicId } = await buildClinic(t);
    const admin = await buildMember(t, clinicId, 'admin');
    kept.clock.now += 10_000;
    expect((await me(admin.cookie)).json().role).toBe('admin');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/team/members/${admin.userId}`,
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { role: 'staff' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(admin.cookie)).json().role).toBe('staff');
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/security',
      headers: jsonHeaders({ cookie: admin.cookie }),
      payload: { idleTimeoutMinutes: 30 },
    });
    expect(settings.statusCode).toBe(403);
  });

  it("keeps another clinic's identities across a clinic's write, and ends the writer's clinic's", async () => {
    const writer = await buildClinic(t);
    const colleague = await buildMember(t, writer.clinicId, 'staff');
    const neighbour = await buildClinic(t);
    kept.clock.now += 10_000;
    for (const cookie of [writer.owner.cookie, colleague.cookie, neighbour.owner.cookie]) {
      expect((await me(cookie)).statusCode).toBe(200);
    }
    kept.forgetStatements();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/security',
      headers: jsonHeaders({ cookie: writer.owner.cookie }),
      payload: { idleTimeoutMinutes: 30 },
    });
    expect(saved.statusCode).toBe(200);
    // The writer's own caller, read afresh.
    expect(identityReads()).toBe(1);
    expect((await me(neighbour.owner.cookie)).statusCode).toBe(200);
    expect(identityReads()).toBe(1);
    expect((await me(colleague.cookie)).json().clinic.idleTimeoutMinutes).toBe(30);
    expect(identityReads()).toBe(2);
  });

  it('reads the caller of a write afresh: a role lowered by another process is refused at once', async () => {
    const { clinicId } = await buildClinic(t);
    const admin = await buildMember(t, clinicId, 'admin');
    kept.clock.now += 10_000;
    expect((await me(admin.cookie)).json().role).toBe('admin');
    await t.db.update(clinicUsers).set({ role: 'staff' }).where(eq(clinicUsers.userId, admin.userId));
    expect((await me(admin.cookie)).json().role).toBe('admin');
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/security',
      headers: jsonHeaders({ cookie: admin.cookie }),
      payload: { idleTimeoutMinutes: 30 },
    });
    expect(settings.statusCode).toBe(403);
  });

  it('ends every identity on a write outside any clinic (a sign-out)', async () => {
    const leaving = await buildClinic(t);
    const neighbour = await buildClinic(t);
    kept.clock.now += 10_000;
    expect((await me(neighbour.owner.cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: jsonHeaders({ cookie: leaving.owner.cookie }),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    kept.forgetStatements();
    expect((await me(neighbour.owner.cookie)).statusCode).toBe(200);
    expect(identityReads()).toBe(1);
  });

  it('records activity once, not on every cached request', async () => {
    const { owner } = await buildClinic(t);
    kept.clock.now += 120_000; // activity is written at most once a minute: due now
    kept.forgetStatements();
    for (let i = 0; i < 5; i++) expect((await me(owner.cookie)).statusCode).toBe(200);
    expect(kept.count(/update "sessions" set "last_active_at"/)).toBe(1);
  });

  it('keeps identities across writes that change no one (patients added and edited), and adds a patient in one statement', async () => {
    // Enterprise holds any number of patients; a plan with a limit counts them under a lock in the
    // insert's transaction (patient-limit.int.test.ts).
    const { owner } = await buildClinic(t, { tier: 'enterprise' });
    kept.clock.now += 10_000;
    expect((await me(owner.cookie)).statusCode).toBe(200);
    kept.forgetStatements();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { name: 'Ada Byron', email: 'ada@example.com' },
    });
    expect(added.statusCode).toBe(201);
    // No identity re-read, no probe of taken ids, no begin/commit: the insert alone (and the
    // per-user request counter of the signed-in guards).
    expect(identityReads()).toBe(0);
    expect(kept.count(/^\s*(begin|commit)/i)).toBe(0);
    expect(kept.count(/insert into "patients"/)).toBe(1);
    expect(kept.count(/from "patients"/)).toBe(0);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/patients/${added.json().id}`,
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { comment: 'Prefers mornings' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await me(owner.cookie)).statusCode).toBe(200);
    expect(identityReads()).toBe(0);
  });

  it('gives a second patient of the same millisecond the next free id, the key answering the collision', async () => {
    const { owner } = await buildClinic(t);
    const add = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/patients',
        headers: jsonHeaders({ cookie: owner.cookie }),
        payload: { name, email: `${name.toLowerCase()}@example.com` },
      });
    // The service's ids come from the wall clock: added together, some share a millisecond.
    const ids = (await Promise.all(['Ana', 'Bea', 'Cem', 'Deniz', 'Eda'].map(add))).map((res) => {
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    });
    expect(new Set(ids).size).toBe(5);
    for (const id of ids) expect(id).toMatch(/^P-\d+(-\d+)?$/);
  });

  it("reads a bearer token once for a burst of API calls, again after 2 seconds, and this process's revocation at once", async () => {
    const clinic = await buildClinic(t, { tier: 'professional' });
    const client = await buildApiClient(t, clinic.owner);
    const token = await buildAccessToken(t, client);
    const call = () => t.app.inject({ method: 'GET', url: '/api/v1/patients', headers: bearer(token) });
    kept.clock.now += 10_000;
    kept.forgetStatements();
    for (let i = 0; i < 5; i++) expect((await call()).statusCode).toBe(200);
    expect(tokenReads()).toBe(1);
    kept.clock.now += 2_000;
    expect((await call()).statusCode).toBe(200);
    expect(tokenReads()).toBe(2);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/api-clients/${client.id}`,
      headers: { origin: jsonHeaders().origin, cookie: clinic.owner.cookie },
    });
    expect(revoked.statusCode).toBeLessThan(300);
    expect((await call()).statusCode).toBe(401);
  });

  it("keeps another clinic's bearer tokens across a clinic's write", async () => {
    const clinic = await buildClinic(t, { tier: 'professional' });
    const token = await buildAccessToken(t, await buildApiClient(t, clinic.owner));
    const neighbour = await buildClinic(t, { tier: 'professional' });
    const neighbourClient = await buildApiClient(t, neighbour.owner);
    const call = () => t.app.inject({ method: 'GET', url: '/api/v1/patients', headers: bearer(token) });
    kept.clock.now += 10_000;
    expect((await call()).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/api-clients/${neighbourClient.id}`,
      headers: { origin: jsonHeaders().origin, cookie: neighbour.owner.cookie },
    });
    expect(revoked.statusCode).toBeLessThan(300);
    kept.forgetStatements();
    expect((await call()).statusCode).toBe(200);
    expect(tokenReads()).toBe(0);
  });
});
