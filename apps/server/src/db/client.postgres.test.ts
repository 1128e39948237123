import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { executeRows } from './execute-rows';

// Runs in the PostgreSQL suite only (vitest.config.ts), where TEST_DATABASE_URL is set.
const url = process.env.TEST_DATABASE_URL ?? '';

describe('the PostgreSQL pool', () => {
  it('survives the server ending an idle connection (restart, failover): the next query opens a new one', async () => {
    const applicationName = `cl_idle_${randomBytes(4).toString('hex')}`;
    const withName = new URL(url);
    withName.searchParams.set('application_name', applicationName);
    let ended: (error: Error) => void = () => {};
    const idleError = new Promise<Error>((resolve) => {
      ended = resolve;
    });
    const database = await openDatabase({
      kind: 'postgres',
      url: withName.toString(),
      max: 1,
      onIdleConnectionError: (error) => ended(error),
    });
    try {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const terminated = await admin.query(
          'select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1',
          [applicationName],
        );
        expect(terminated.rows).toEqual([{ done: true }]);
      } finally {
        await admin.end();
      }
      // Without the pool's error listener this event would end the test process.
      expect((await idleError).message).toMatch(/terminat/i);
      const [row] = await executeRows<{ one: number }>(database.db, sql`select 1 as one`);
      expect(row).toEqual({ one: 1 });
    } finally {
      await database.close();
    }
  });
});
