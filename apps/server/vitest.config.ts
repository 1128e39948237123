import { defineConfig } from 'vitest/config';
import { hangGuard } from '../../vitest.timeouts.ts';

export default defineConfig({
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
