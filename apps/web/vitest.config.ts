import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

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
    // A guard against hangs, not a speed budget: a form test typing a few hundred keystrokes takes
    // seconds on a busy 2-core machine (issue 15, finding 10). The server project allows 30 s too.
    testTimeout: 30_000,
  },
});
