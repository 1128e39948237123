import { defineConfig } from 'vitest/config';
import { appearanceGuard, journeyHangGuard } from '../vitest.timeouts.ts';
import { LongestFirst } from './support/longest-first.ts';
import { e2eWorkers } from './support/workers.ts';

// Browser journeys: one Chromium per spec file; E2E_WORKERS files at once, each worker's files one
// after another against a server of that worker's own (support/global-setup.ts, support/server.ts).
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: e2eWorkers > 1,
    sequence: { sequencer: LongestFirst },
    maxWorkers: e2eWorkers,
    ...journeyHangGuard,
    // Pages load lazy chunks; on a busy 2-core machine the first paint took over 10 s.
    expect: { poll: { timeout: appearanceGuard, interval: 100 } },
  },
});
