import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { Database } from './client';
import { executeRows } from './execute-rows';
import { countHit } from './rate-limit-counter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const synchronousCommit = async (db: Database) =>
  (await executeRows<{ value: string }>(db, sql`select current_setting('synchronous_commit') as value`))[0]!
    .value;

describe('countHit', () => {
  it('counts hits in a fixed window and starts again after it', async () => {
    const key = newId('test');
    const start = Date.now();
    const table: [offsetMs: number, count: number, resetsInMs: number][] = [
      [0, 1, 60_000],
      [10_000, 2, 50_000],
      [59_999, 3, 1],
      [60_001, 1, 60_000],
      [60_002, 2, 59_999],
    ];
    for (const [offsetMs, count, resetsInMs] of table) {
      expect(await countHit(t.db, key, 60_000, start + offsetMs), `at +${offsetMs} ms`).toEqual({
        count,
        resetsInMs,
      });
    }
  });

  it('commits its hit without waiting for a WAL flush, and only its own transaction', async () => {
    const key = newId('test');
    // Inside a transaction: the setting is the transaction's from the counter's statement on.
    const inside = await t.db.transaction(async (tx) => {
      const before = await synchronousCommit(tx as unknown as Database);
      await countHit(tx as unknown as Database, key, 60_000);
      return [before, await synchronousCommit(tx as unknown as Database)];
    });
    expect(inside).toEqual(['on', 'off']);
    // Its own transaction (the usual call) leaves every connection as it was.
    for (let i = 0; i < 8; i++) await countHit(t.db, key, 60_000);
    const after = await Promise.all(Array.from({ length: 4 }, () => synchronousCommit(t.db)));
    expect(after).toEqual(['on', 'on', 'on', 'on']);
  });
});
