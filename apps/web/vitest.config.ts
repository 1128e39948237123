import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { hangGuard } from '../../vitest.timeouts.ts';

export default defineProject({
  plugins: [react()],
  // zod with jitless set, for the CSP (src/lib/zod-jitless.ts).
  resolve: {
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts') }],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // One worker runs many files in one module graph and one DOM (an isolated worker per file set up
    // happy-dom and re-imported Mantine and the app each time); setup.ts cleans the DOM, storage,
    // mocks and the auth store after every test.
    isolate: false,
    ...hangGuard,
  },
});
