import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

/**
 * A PostgreSQL database of one test's own, beside TEST_DATABASE_URL's (same server), for what must
 * not see the other test files' rows: a restore target, a key rotation over every clinic.
 */
export async function createScratchDatabase(baseUrl: string, options: { migrate: boolean }) {
  const name = `cl_scratch_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  if (options.migrate) {
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), max: 1 });
    await migrateDatabase(handle);
    await handle.close();
  }
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
