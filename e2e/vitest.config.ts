import { defineConfig } from 'vitest/config';
import { hangGuard } from '../vitest.timeouts.ts';

// Browser journeys: one server for the run, one Chromium per spec file, files one after another
// (the machine has two cores; the server and Chromium need them).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    ...hangGuard,
    // Pages load lazy chunks; on a busy 2-core machine the first paint can take seconds.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
