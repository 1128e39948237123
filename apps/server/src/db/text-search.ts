import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// Case-insensitive "contains" for the lists' search boxes. ILIKE folds case as the database's
// locale does, in which I is the capital of i: a Turkish user typing IŞIK did not find Işık, nor
// istanbul İstanbul. The dotless ı and the dotted İ are read as i and I on both sides first.

const turkishI = /[ıİ]/g;

/** The text with LIKE's own characters (\\, %, _) escaped, to stand for itself in a pattern. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for `containsText`, LIKE's own characters escaped and ı / İ read as i / I. */
export const containsPattern = (text: string) =>
  `%${escapeLike(text.replace(turkishI, (c) => (c === 'ı' ? 'i' : 'I')))}%`;

/** The column contains the pattern (`containsPattern`), case-insensitively, Turkish I's alike. */
export const containsText = (column: SQLWrapper, pattern: SQLWrapper | string): SQL =>
  sql`translate(${column}, 'ıİ', 'iI') ilike ${pattern}`;
