import { sql } from 'drizzle-orm';
import { newId } from '../lib/ids';
import type { Database } from './client';
import { executeRows } from './execute-rows';

/**
 * Counts `hits` (one unless a caller counted some in memory first) on `key` in a fixed window of
 * `windowMs`, in better-auth's rate_limits table, so every web process shares the counters. Answers
 * the count in the window and when the window ends.
 */
export async function countHit(db: Database, key: string, windowMs: number, now = Date.now(), hits = 1) {
  const windowStart = now - windowMs;
  // Every request of one client (or signed-in user) updates the same row, so each waited for the
  // previous one's commit to reach the disk: the counter's throughput was one WAL flush per request.
  // A counter is not worth a flush: without one, a crash of the machine (not of PostgreSQL) may forget
  // the last fraction of a second of hits, never a row written by anything else. set_config(..., true)
  // in RETURNING is local to the statement's own transaction and read at its commit, which follows:
  // one round trip instead of the four of begin, set local, upsert and commit.
  const rows = await executeRows<{ count: number; last_request: string }>(
    db,
    sql`
      insert into rate_limits (id, key, count, last_request)
      values (${newId('rl')}, ${key}, ${hits}, ${now})
      on conflict (key) do update set
        count = case when rate_limits.last_request < ${windowStart} then ${hits} else rate_limits.count + ${hits} end,
        last_request = case when rate_limits.last_request < ${windowStart} then ${now} else rate_limits.last_request end
      returning count, last_request, set_config('synchronous_commit', 'off', true) as commit_without_flush`,
  );
  const row = rows[0]!;
  return { count: Number(row.count), resetsInMs: Math.max(0, Number(row.last_request) + windowMs - now) };
}
