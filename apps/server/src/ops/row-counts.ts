import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { executeRows } from '../db/execute-rows';

/**
 * Rows per table in the application's schema, for the operator to compare a backup with its restore.
 * Unlogged tables (the rate-limit counters, migration 0013) are left out: PostgreSQL empties them
 * whenever it starts from files it did not shut down itself, as a restored PGlite folder is, so
 * they are not part of what a backup keeps.
 */
export async function countRows(db: Database): Promise<Record<string, number>> {
  const tables = await executeRows<{ table_name: string }>(
    db,
    sql`select c.relname as table_name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relpersistence = 'p'
        order by c.relname`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const [row] = await executeRows<{ count: number | string }>(
      db,
      sql`select count(*)::int as count from ${sql.identifier(table)}`,
    );
    counts[table] = Number(row!.count);
  }
  return counts;
}
