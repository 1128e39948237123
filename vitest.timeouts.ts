/**
 * The one timeout policy of every test project (unit, integration, browser): timeouts are a guard
 * against a hang, never a speed budget. A test's outcome must not depend on how fast the machine is;
 * a loaded 2-core machine runs a set-up several times slower than a quiet one, and that must still
 * pass. Speed is measured by the benchmarks (`npm run bench`), not by tests.
 */
export const hangGuard = {
  testTimeout: 120_000,
  hookTimeout: 180_000,
} as const;
