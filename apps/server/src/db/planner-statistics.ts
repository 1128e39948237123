import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * ANALYZE: fresh row counts and value statistics for the planner. PGlite has no autovacuum, so without
 * this a table filled by an import still looks empty to it and lists are planned as scans.
 * No table: every table of the database.
 */
export async function refreshPlannerStatistics(db: Database, table?: string) {
  await db.execute(table ? sql`analyze ${sql.identifier(table)}` : sql`analyze`);
}

/** The planner's row count of a table (pg_class.reltuples; -1 or 0 before the first ANALYZE). */
export async function plannedRowCount(db: Database, table: string): Promise<number> {
  const result = (await db.execute(
    sql`select reltuples::float8 as n from pg_class where oid = ${table}::regclass`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
