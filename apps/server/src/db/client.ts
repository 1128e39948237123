import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { makePrivateFolder } from '../lib/private-folder';
import * as schema from './schema';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** The PGlite instance when embedded (pg-boss and better-auth share it). */
  pglite?: PGlite;
  pool?: pg.Pool;
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

/** Sees every statement the app runs through Drizzle (tests: the EXPLAIN check of each statement). */
export type QueryObserver = (sql: string, params: unknown[]) => void;

export type OpenDatabaseOptions = (
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File }
  | {
      kind: 'postgres';
      url: string;
      max?: number;
      /** An idle pooled connection that the server ended (restart, failover, terminated backend). */
      onIdleConnectionError?: (error: Error) => void;
    }
) & { observeQuery?: QueryObserver };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const observe = options.observeQuery;
  const logger = observe ? { logQuery: (sql: string, params: unknown[]) => observe(sql, params) } : undefined;
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    // Without a listener, node-postgres re-throws an idle connection's error and the process exits;
    // the pool has already dropped that connection, so the next query simply opens a new one.
    pool.on('error', options.onIdleConnectionError ?? (() => {}));
    const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Database;
    await pool.query('select 1');
    return {
      kind: 'postgres',
      db,
      pool,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  // PGlite writes its files where it is told, creating the folder world-readable: made owner-only first.
  if (options.dataDir && !options.dataDir.includes('://')) makePrivateFolder(options.dataDir);
  // Loaded here, not at the top: a start on PostgreSQL spent ~25-50 ms reading PGlite's modules.
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(pglite, { schema, casing: 'snake_case', logger }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    pglite,
    ping: async () => {
      await pglite.query('select 1');
    },
    close: () => pglite.close(),
  };
}
