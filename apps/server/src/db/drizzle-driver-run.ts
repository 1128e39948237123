import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import type { Database } from './client';

// The one place that reads Drizzle's private fields (ADR 014). Drizzle has no public way to run a
// prepared statement without its result mapping and tracing layers, which were a quarter of the
// server's own work on a list of 20 rows (profiled). `drizzle-driver-run.int.test.ts` is the contract:
// it fails on the Drizzle release that renames these fields or changes what the driver is sent.

type Rows = { rows: unknown[] };

/** The fields of Drizzle's prepared query (declared private) that running it straight on its driver needs. */
type PreparedInternals = {
  client: { query(...args: unknown[]): Promise<Rows> };
  queryString: string;
  params: unknown[];
  rawQueryConfig: object;
  logger: { logQuery(query: string, params: unknown[]): void };
};

/** A statement prepared through Drizzle's session whose rows come back as the driver gives them. */
export type UnmappedStatement = {
  run(values: Record<string, unknown>): Promise<Rows>;
  /** False when Drizzle's private fields were not found: `run` then goes through Drizzle's own execute. */
  direct: boolean;
  /** The text and parameters the driver is sent for these values (null when not direct). */
  sentToDriver(values: Record<string, unknown>): { text: string; params: unknown[] } | null;
};

const dialect = new PgDialect({ casing: 'snake_case' });

function internalsOf(prepared: object): PreparedInternals | null {
  const { client, queryString, params, rawQueryConfig, logger } = prepared as Partial<PreparedInternals>;
  const usable =
    typeof client?.query === 'function' &&
    typeof queryString === 'string' &&
    Array.isArray(params) &&
    typeof rawQueryConfig === 'object' &&
    rawQueryConfig !== null &&
    typeof logger?.logQuery === 'function';
  return usable ? { client, queryString, params, rawQueryConfig, logger } : null;
}

/** Which driver call Drizzle's execute makes; null for a driver or a shape this file does not know. */
function driverKind(prepared: object, internals: PreparedInternals | null) {
  if (!internals) return null;
  if (prepared instanceof PglitePreparedQuery) return 'pglite';
  // node-postgres is handed the statement inside its query config (named, so the server keeps its parse).
  const configText = (internals.rawQueryConfig as { text?: unknown }).text;
  if (prepared instanceof NodePgPreparedQuery && configText === internals.queryString) return 'node-postgres';
  return null;
}

/**
 * Prepares `query` on the handle's session (a transaction's own connection inside one) and runs it as
 * Drizzle's execute does (same driver call, options and logger) without its layers around it (two
 * tracing spans, a result cache we do not configure). Should Drizzle's fields change, it still answers
 * correctly through Drizzle's execute, only slower, and the contract test says so.
 */
export function prepareUnmapped(db: Database, name: string, query: SQL): UnmappedStatement {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const internals = internalsOf(prepared);
  const kind = driverKind(prepared, internals);
  if (!internals || !kind) {
    return {
      run: (values) => prepared.execute(values) as Promise<Rows>,
      direct: false,
      sentToDriver: () => null,
    };
  }
  const { client, queryString, params, rawQueryConfig, logger } = internals;
  const fill = (values: Record<string, unknown>) => fillPlaceholders(params, values);
  const run =
    kind === 'node-postgres'
      ? (values: Record<string, unknown>) => {
          const filled = fill(values);
          logger.logQuery(queryString, filled);
          return client.query(rawQueryConfig, filled);
        }
      : (values: Record<string, unknown>) => {
          const filled = fill(values);
          logger.logQuery(queryString, filled);
          return client.query(queryString, filled, rawQueryConfig);
        };
  return { run, direct: true, sentToDriver: (values) => ({ text: queryString, params: fill(values) }) };
}
