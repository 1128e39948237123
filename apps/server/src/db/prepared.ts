import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from './client';
import { prepareUnmapped } from './drizzle-driver-run';

type Preparable<Prepared> = { prepare(name: string): Prepared };

const statementsByDatabase = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement built once per database handle and shape, then executed with placeholder values.
 * Drizzle builds a statement's SQL text anew on every call (about a fifth of the CPU of a cheap list
 * request, measured); prepared, the text is kept, and PostgreSQL keeps its parse per connection.
 * `name` names the shape: one name, one SQL text (PostgreSQL refuses a name reused for other text).
 */
export function preparedOnce<Prepared>(
  db: Database,
  name: string,
  build: () => Preparable<Prepared>,
): Prepared {
  let statements = statementsByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    statementsByDatabase.set(db, statements);
  }
  let statement = statements.get(name) as Prepared | undefined;
  if (!statement) {
    statement = build().prepare(name);
    statements.set(name, statement);
  }
  return statement;
}

/** A statement prepared through Drizzle's session without its result mapping: rows as the driver gives them. */
function preparedUnmapped<Row>(db: Database, name: string, build: () => SQL) {
  const statement = preparedOnce(db, name, () => ({
    prepare: (statementName: string) => prepareUnmapped(db, statementName, build()),
  }));
  return {
    async execute(values: Record<string, unknown>): Promise<Row[]> {
      return (await statement.run(values)).rows as Row[];
    },
  };
}

/**
 * Raw SQL (what the query builder cannot say: CTEs over a generated series, JSON aggregates) prepared
 * once like `preparedOnce`: values it varies by go in as `sql.placeholder(...)`. PostgreSQL then
 * parses and plans it once per connection rather than on every request (the dashboard's statement
 * spent nearly a millisecond planning, a quarter of its time at 10,000 patients).
 */
export function preparedSql<Row>(db: Database, name: string, build: () => SQL) {
  return preparedUnmapped<Row>(db, name, build);
}

/**
 * A query of the builder prepared like `preparedOnce`, its rows as PostgreSQL answers them, keyed by
 * the aliases the select gives (`selectedAs`) and with times formatted in the statement (`isoTime`).
 * For a hot list: Drizzle's mapping of every column of every row was the largest part of the
 * server's own work on a page of 20 patients (profiled), and each time then went Date -> ISO string.
 */
export function preparedRows<Row>(db: Database, name: string, build: () => { getSQL(): SQL }) {
  return preparedUnmapped<Row>(db, name, () => build().getSQL());
}

/** Each field under its own name in the statement (`"createdAt"`), for `preparedRows`. */
export function selectedAs<Fields extends Record<string, SQLWrapper>>(fields: Fields) {
  return Object.fromEntries(
    Object.entries(fields).map(([alias, value]) => [alias, sql`${value}`.as(alias)]),
  ) as { [Alias in keyof Fields]: SQL.Aliased };
}

/** A timestamp as JavaScript's toISOString() writes it (UTC, milliseconds), or null. */
export const isoTime = (column: SQLWrapper) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
