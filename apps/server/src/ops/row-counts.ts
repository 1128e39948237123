import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { executeRows } from '../db/execute-rows';

/** Rows per table in the application's schema, for the operator to compare a backup with its restore. */
export async function countRows(db: Database): Promise<Record<string, number>> {
  const tables = await executeRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
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
