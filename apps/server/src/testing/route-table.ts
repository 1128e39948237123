import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { executeRows } from '../db/execute-rows';
import type { DeclaredRoute } from '../plugins/route-access';
import type { TestApp } from './test-app';

/** The routes a test walks: Fastify's HEAD twins share their GET route's hooks and handler. */
export const walkableRoutes = (t: TestApp): DeclaredRoute[] =>
  t.app.declaredRoutes.filter((route) => route.method !== 'HEAD');

/** The parameter names in a route path (`/api/cases/:id/notes` -> ['id']; the wildcard is '*'). */
export const pathParams = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z]+)|(\*)/g)].map((m) => m[1] ?? '*');

/** Fills a route path with values (already percent-encoded). */
export const fillPath = (url: string, values: Record<string, string>) =>
  url.replace(/:([A-Za-z]+)|\*/g, (whole, name: string | undefined) => values[name ?? '*'] ?? whole);

/**
 * Everything a clinic holds, as a digest per table (row count and an md5 over every row): the
 * tables with a `clinic_id` column, and the clinic's own row. Equal snapshots: nothing changed.
 */
export async function clinicSnapshot(db: Database, clinicId: string): Promise<Record<string, string>> {
  const tables = await tenantTables(db);
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(table)} t where clinic_id = ${clinicId}`,
  );
  parts.push(
    sql`select 'clinics' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|'), '')) as digest from clinics t where id = ${clinicId}`,
  );
  const rows = await executeRows<{ name: string; digest: string }>(db, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

/**
 * Logs of calls rather than the clinic's data: the public API audits every call of a known client,
 * refused ones included (that is the point of it), so a refusal still adds a row there.
 */
const callLogTables = new Set(['api_call_log']);

const tenantTableCache = new WeakMap<Database, Promise<string[]>>();

function tenantTables(db: Database): Promise<string[]> {
  let tables = tenantTableCache.get(db);
  if (!tables) {
    tables = executeRows<{ table_name: string }>(
      db,
      sql`select c.table_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = current_schema() and c.column_name = 'clinic_id' and t.table_type = 'BASE TABLE'
          order by c.table_name`,
    ).then((rows) => rows.map((row) => row.table_name).filter((table) => !callLogTables.has(table)));
    tenantTableCache.set(db, tables);
  }
  return tables;
}

/** The tables whose digest differs between two snapshots. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
