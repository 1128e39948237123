import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { hangGuard } from '../../vitest.timeouts.ts';

export default defineConfig({
  // The SDK's package exports its build (dist); its tests here run its sources.
  resolve: {
    alias: { '@careloop/sdk': fileURLToPath(new URL('../../packages/sdk/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'server',
    root: import.meta.dirname,
    // On PostgreSQL (TEST_DATABASE_URL) only what meets the database runs again: the integration
    // tests (`*.int.test.ts`) and the files about PostgreSQL itself; a unit test opens no database
    // and runs once, in the PGlite suite. A file about one database says so in its name and runs
    // only in that database's suite: `*.postgres.test.ts` (pg_dump, the pool), `*.pglite.test.ts`
    // (the embedded database's own backup). No test is skipped for the database it runs on.
    include: process.env.TEST_DATABASE_URL
      ? ['src/**/*.int.test.ts', 'src/**/*.postgres.test.ts']
      : ['src/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      process.env.TEST_DATABASE_URL ? 'src/**/*.pglite.test.ts' : 'src/**/*.postgres.test.ts',
    ],
    environment: 'node',
    globalSetup: ['./src/testing/global-setup.ts'],
    // One worker runs many files in one module graph (an isolated worker per file re-imported the
    // server, ~3 s a file); on PGlite they share the worker's database (testing/test-app.ts).
    isolate: false,
    ...hangGuard,
  },
});
