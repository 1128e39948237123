import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

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

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Raw SQL (what the query builder cannot say: CTEs over a generated series, JSON aggregates) prepared
 * once like `preparedOnce`: values it varies by go in as `sql.placeholder(...)`. PostgreSQL then
 * parses and plans it once per connection rather than on every request (the dashboard's statement
 * spent nearly a millisecond planning, a quarter of its time at 10,000 patients).
 */
export function preparedSql<Row>(db: Database, name: string, build: () => SQL) {
  const statement = preparedOnce(db, name, () => ({
    prepare: (statementName: string) =>
      db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, statementName, false),
  }));
  return {
    async execute(values: Record<string, unknown>): Promise<Row[]> {
      return ((await statement.execute(values)) as { rows: Row[] }).rows;
    },
  };
}
