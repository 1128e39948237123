/**
 * The one timeout policy of every test project (unit, integration, browser): timeouts are a guard
 * against a hang, never a speed budget. A test's outcome must not depend on how fast the machine is;
 * a loaded 2-core machine runs a set-up several times slower than a quiet one, and that must still
 * pass. Speed is measured by the benchmarks (`npm run bench`), not by tests.
 */

/**
 * How long a test waits for what it expects to appear (expect.poll, vi.waitFor, Testing Library's
 * findBy/waitFor, Playwright's actions). Their own defaults (1 s, 10 s, 30 s) are speed budgets that
 * a loaded machine overruns (a page test failed at load 14 finding a heading).
 */
export const appearanceGuard = 60_000;

export const hangGuard = {
  testTimeout: 120_000,
  hookTimeout: 180_000,
  expect: { poll: { timeout: appearanceGuard } },
} as const;

/**
 * A browser journey walks many pages, each of which may take its appearance guard on a loaded
 * machine (one took 158 s at load 14): the same kind of guard, scaled to a journey.
 */
export const journeyHangGuard = {
  testTimeout: 5 * appearanceGuard,
  hookTimeout: 5 * appearanceGuard,
} as const;
