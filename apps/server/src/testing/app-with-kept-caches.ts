import { createTestApp, type TestApp } from './test-app';

/**
 * A test app whose per-process caches (identities, API callers, procedure lists) keep for
 * SESSION_CACHE_SECONDS = 2, on a clock the test moves, recording every statement it runs: what the
 * tests of "read once per kept time, afresh after" need.
 */
export type AppWithKeptCaches = {
  t: TestApp;
  /** The request context's clock, in epoch milliseconds: move it forward to age what is kept. */
  clock: { now: number };
  /** Forgets the statements recorded so far. */
  forgetStatements(): void;
  /** How many statements run since the last `forgetStatements()` match. */
  count(statement: RegExp): number;
};

export async function createAppWithKeptCaches(): Promise<AppWithKeptCaches> {
  const clock = { now: Date.now() };
  const statements: string[] = [];
  const t = await createTestApp({
    env: { SESSION_CACHE_SECONDS: '2' },
    now: () => clock.now,
    observeQuery: (sql) => statements.push(sql),
  });
  return {
    t,
    clock,
    forgetStatements: () => {
      statements.length = 0;
    },
    count: (statement) => statements.filter((sql) => statement.test(sql)).length,
  };
}
