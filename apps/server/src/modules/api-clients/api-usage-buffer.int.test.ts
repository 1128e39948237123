import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCallLog, rateLimits } from '../../db/schema';
import { buildAccessToken, buildApiClient } from '../../testing/build-api-client';
import { buildClinic } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type ApiCaller, apiRateLimitKey, findApiCaller } from './api-access.service';
import { createApiUsageBuffer } from './api-usage-buffer';

const call = { method: 'GET', route: '/api/v1/patients', statusCode: 200, durationMs: 3 };

describe('the public API usage buffer (budget hits and audit rows written in batches)', () => {
  let t: TestApp;
  const now = new Date();

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A caller of a fresh client, its budget set to `limit` calls an hour. */
  async function callerWithBudget(limit: number): Promise<ApiCaller> {
    const clinic = await buildClinic(t, { tier: 'professional' });
    const token = await buildAccessToken(t, await buildApiClient(t, clinic.owner));
    const caller = await findApiCaller(t.db, token, now);
    if (!caller) throw new Error('no caller');
    return { ...caller, requestsPerHour: limit };
  }

  const loggedCalls = async (caller: ApiCaller) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(apiCallLog)
      .where(
        and(
          eq(apiCallLog.clinicId, caller.context.clinicId),
          eq(apiCallLog.apiClientId, caller.apiClientId),
          // The token's own grant is logged at once by the token endpoint.
          eq(apiCallLog.route, call.route),
        ),
      );
    return row!.n;
  };

  const sharedCount = async (caller: ApiCaller) => {
    const [row] = await t.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, apiRateLimitKey(caller.context.clinicId, caller.apiClientId)));
    return row?.count ?? 0;
  };

  it('loses at most maxPendingCalls audit rows when the process stops without a flush', async () => {
    const caller = await callerWithBudget(1000);
    // No timer: only the bound writes, as in a process killed before its next second.
    const buffer = createApiUsageBuffer(t.db, { now: () => now.getTime(), timer: false, maxPendingCalls: 5 });
    for (let i = 0; i < 13; i++) buffer.record(caller, call, now);
    expect(buffer.pending().calls).toBeLessThanOrEqual(5);
    await expect.poll(() => loggedCalls(caller)).toBe(10);
    // The process dies here: what it kept (3 rows) is what a crash loses, never more than 5.
    expect(buffer.pending().calls).toBe(3);
    expect(13 - (await loggedCalls(caller))).toBeLessThanOrEqual(5);
  });

  it('writes every kept row and budget hit when it closes', async () => {
    const caller = await callerWithBudget(1000);
    const buffer = createApiUsageBuffer(t.db, { now: () => now.getTime(), timer: false });
    for (let i = 0; i < 4; i++) {
      await buffer.count(caller, now);
      buffer.record(caller, call, now);
    }
    // The first call asked the shared counter; the next three were counted in memory.
    expect(await sharedCount(caller)).toBe(1);
    expect(buffer.pending()).toEqual({ calls: 4, hits: 3 });
    await buffer.close();
    expect(await loggedCalls(caller)).toBe(4);
    expect(await sharedCount(caller)).toBe(4);
    expect(buffer.pending()).toEqual({ calls: 0, hits: 0 });
  });

  it('refuses the call past the limit without waiting for a flush, in one process and across two', async () => {
    const caller = await callerWithBudget(5);
    const clock = { ms: now.getTime() };
    const first = createApiUsageBuffer(t.db, { now: () => clock.ms, timer: false });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await first.count(caller, new Date(clock.ms)));
    expect(answers.map((a) => a.isOver)).toEqual([false, false, false, false, false, true, true]);
    expect(answers.map((a) => a.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
    // Near the limit every call asked the shared counter: another process sees all 7 at once.
    expect(await sharedCount(caller)).toBe(7);
    const second = createApiUsageBuffer(t.db, { now: () => clock.ms, timer: false });
    expect((await second.count(caller, new Date(clock.ms))).isOver).toBe(true);
    await first.close();
    await second.close();
  });

  it("sees another process's hits within one flush period", async () => {
    const caller = await callerWithBudget(10);
    const clock = { ms: now.getTime() };
    const a = createApiUsageBuffer(t.db, { now: () => clock.ms, timer: false });
    const b = createApiUsageBuffer(t.db, { now: () => clock.ms, timer: false });
    for (let i = 0; i < 4; i++) await a.count(caller, new Date(clock.ms));
    // b's first call asks the shared counter, which holds a's first hit only (three are in a's memory).
    expect((await b.count(caller, new Date(clock.ms))).remaining).toBe(8);
    await a.flush();
    clock.ms += 1000;
    // A second later b asks again and counts a's four, its own two and this one.
    expect((await b.count(caller, new Date(clock.ms))).remaining).toBe(4);
    await a.close();
    await b.close();
  });
});
