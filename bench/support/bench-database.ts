import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresUrl } from './report';

export type BenchDatabase = {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  dispose: () => Promise<void>;
};

export async function isPostgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** An empty database for one benchmark: a new PGlite folder, or a new database on the PostgreSQL server. */
export async function createBenchDatabase(kind: 'pglite' | 'postgres'): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-bench-'));
  if (kind === 'pglite') {
    return {
      kind,
      env: { DATA_DIR: dataDir },
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `careloop_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dispose: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
