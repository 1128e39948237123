import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { patients } from '../../db/schema';
import { bearer, buildAccessToken, buildApiClient } from '../../testing/build-api-client';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

// What adding a patient costs the database once the caller, its token and the clinic's procedures are
// kept (SESSION_CACHE_SECONDS, ADR 006, 020, 023): the insert alone, no transaction, no id probe, for the
// app and the public API alike; a plan's patient limit (its lock and count) or a consent event (its
// webhook rows) is written in the insert's transaction.
describe('the statements of adding a patient', () => {
  let t: TestApp;
  const now = Date.now();
  const statements: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { SESSION_CACHE_SECONDS: '2' },
      now: () => now,
      observeQuery: (sql) => statements.push(sql.trim()),
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  // The public API's usage is written by a timer (ADR 020): its flush is not the call's.
  const ofTheCall = () => statements.filter((sql) => !/"?(api_call_log|rate_limits)"?/.test(sql));

  async function statementsOf(add: () => Promise<{ statusCode: number }>) {
    expect((await add()).statusCode).toBe(201);
    statements.length = 0;
    expect((await add()).statusCode).toBe(201);
    return ofTheCall();
  }

  const insert = expect.stringMatching(/^insert into "patients"/);

  it('is the insert alone, with a session or a bearer token', async () => {
    const { owner } = await buildClinic(t, { tier: 'enterprise' });
    const session = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/patients',
        headers: jsonHeaders({ cookie: owner.cookie }),
        payload: { name: 'Ada Byron', email: 'ada@example.com', procedure: 'Dental Implant' },
      });
    expect(await statementsOf(session)).toEqual([insert]);

    const token = await buildAccessToken(t, await buildApiClient(t, owner));
    const api = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/patients',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: { name: 'Ada Byron', email: 'ada@example.com', procedure: 'Dental Implant' },
      });
    expect(await statementsOf(api)).toEqual([insert]);
  });

  it('gives patients added in the same millisecond the next ids without trying a taken one', async () => {
    const { clinicId, owner } = await buildClinic(t, { tier: 'enterprise' });
    const add = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/patients',
        headers: jsonHeaders({ cookie: owner.cookie }),
        payload: { name },
      });
    expect((await add('Warm')).statusCode).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date());
      const base = `P-${Date.now()}`;
      statements.length = 0;
      const added = await Promise.all(['Ana', 'Bea', 'Cem', 'Deniz', 'Eda', 'Fatma'].map(add));
      expect(added.map((res) => res.statusCode)).toEqual(Array(6).fill(201));
      expect(added.map((res) => res.json().id).sort()).toEqual(
        [base, `${base}-2`, `${base}-3`, `${base}-4`, `${base}-5`, `${base}-6`].sort(),
      );
      expect(ofTheCall()).toEqual(Array(6).fill(insert));
    } finally {
      vi.useRealTimers();
    }
    const stored = await t.db
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.clinicId, clinicId));
    expect(stored).toHaveLength(7);
  });

  it("holds the plan's patient limit and a consent event in the insert's transaction", async () => {
    const { owner } = await buildClinic(t, { tier: 'starter' });
    const add = (payload: object) => () =>
      t.app.inject({
        method: 'POST',
        url: '/api/patients',
        headers: jsonHeaders({ cookie: owner.cookie }),
        payload: { name: 'Ada Byron', ...payload },
      });
    // The clinic's lock, its kept count read under it, then the insert (the lock lasts until the commit).
    // (begin and commit are seen on PostgreSQL's driver; PGlite's transactions are not logged)
    const inTransaction = (list: string[]) => list.filter((sql) => !/^(begin|commit)$/.test(sql));
    const limited = await statementsOf(add({}));
    expect(inTransaction(limited)).toEqual([
      expect.stringMatching(/^select pg_advisory_xact_lock/),
      expect.stringMatching(/from "clinic_counts"/),
      insert,
    ]);

    const consent = await statementsOf(add({ email: 'ada@example.com', marketingConsent: 'granted' }));
    expect(consent.filter((sql) => /^insert into "patients"/.test(sql))).toHaveLength(1);
    expect(consent.filter((sql) => /^insert into "webhook_deliveries"/.test(sql))).toHaveLength(1);
  });
});
