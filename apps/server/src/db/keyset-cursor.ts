import { type AnyColumn, and, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../lib/errors';

// Keyset paging for "newest first" lists ordered by (timestamp desc, id asc), matching the
// (clinic_id, <timestamp> desc, id) indexes. The cursor carries the timestamp as PostgreSQL's own
// microsecond text, so rows created in the same millisecond are neither skipped nor repeated.

// Only the exact text `cursorTimestamp` writes is taken back, so a cursor's timestamp is always one
// PostgreSQL reads: looser text that JavaScript dates accept ("1", "March 7", six-digit years) made
// the list's query fail (500) instead of the request (400). Years 0001-9999: all that text can hold.
const cursorTimestampPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

function isCursorTimestamp(text: string): boolean {
  const parts = cursorTimestampPattern.exec(text)?.slice(1).map(Number);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  // A day the month has (no 2026-02-30): setUTCFullYear, unlike Date.UTC, keeps years below 100.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59
  );
}

const cursorSchema = z.object({
  t: z.string().refine(isCursorTimestamp),
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
    if (parsed.success) return parsed.data;
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
