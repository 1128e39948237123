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
