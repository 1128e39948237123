import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { hangGuard } from '../../vitest.timeouts.ts';

export default defineConfig({
  // The SDK's package exports its build (dist); its tests here run its sources.
  resolve: {
    alias: { '@careloop/sdk': fileURLToPath(new URL('../../packages/sdk/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/testing/global-setup.ts'],
    // One worker runs many files in one module graph (an isolated worker per file re-imported the
    // server, ~3 s a file); on PGlite they share the worker's database (testing/test-app.ts).
    isolate: false,
    ...hangGuard,
  },
});
