import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * One new, empty database per test worker on the PostgreSQL server of `serverUrl` (whose own
 * database is only connected to, to create and drop the others), so that each worker's server starts
 * as on a fresh install: it migrates and seeds its own.
 */
export async function createWorkerDatabases(serverUrl: string, workers: number) {
  const run = randomBytes(4).toString('hex');
  const names = Array.from({ length: workers }, (_, index) => `careloop_e2e_${run}_${index}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return {
    urls: names.map((name) => {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.toString();
    }),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
