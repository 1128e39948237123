import { type AnyColumn, and, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../lib/errors';

// Keyset paging for "newest first" lists ordered by (timestamp desc, id asc), matching the
// (clinic_id, <timestamp> desc, id) indexes. The cursor carries the timestamp as PostgreSQL's own
// microsecond text, so rows created in the same millisecond are neither skipped nor repeated.

const cursorSchema = z.object({
  t: z.string().min(1).max(64),
  id: z.string().min(1).max(100),
  /** A list ordered by a rank first (risk, highest first): the last row's rank. */
  r: z.number().int().min(0).max(9).optional(),
});
export type KeysetCursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The decoded cursor, or a 400 naming the `cursor` field when it is not one of ours. */
export function decodeCursor(value: string | undefined): KeysetCursor | null {
  if (value === undefined) return null;
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    if (parsed.success && !Number.isNaN(Date.parse(parsed.data.t))) return parsed.data;
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('The request is not valid', [{ field: 'cursor', message: 'Invalid cursor' }]);
}

/** Exact UTC text of a timestamptz column, for the next cursor. */
export const cursorTimestamp = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows after the cursor in (timestamp desc, id asc) order, in a prepared statement: the cursor's
 * values come as `cursorPlaceholders(cursor)`. The timestamp may be an expression, e.g. a coalesce.
 */
export function afterCursorPlaceholder(timestamp: AnyColumn | SQL, id: AnyColumn): SQL {
  const ts = sql`${timestamp}`;
  const at = sql`${sql.placeholder('cursorTs')}::timestamptz`;
  return or(lt(ts, at), and(eq(ts, at), gt(id, sql.placeholder('cursorId'))))!;
}

export const cursorPlaceholders = (cursor: KeysetCursor | null) => ({
  cursorTs: cursor?.t,
  cursorId: cursor?.id,
});

/** Splits the `limit + 1` rows a list query fetched into the page and the next cursor. */
export function toPage<Row extends { cursorTs: string; id: string }>(rows: Row[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ t: last.cursorTs, id: last.id }) : null;
  return { page, nextCursor };
}
