import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** Raw SQL returning rows: node-postgres and PGlite both answer `{ rows }`, typed here once. */
export async function executeRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
