import { defineConfig } from 'vitest/config';
import { hangGuard } from './vitest.timeouts.ts';

// One run covers every workspace; each project keeps its own environment. The small projects test
// pure functions and scripts: one worker's module graph serves all of a project's files (a fresh
// worker per file cost ~110 ms a file: the domain's 69 files took 15 s, now 4 s).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          ...hangGuard,
        },
      },
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          ...hangGuard,
          passWithNoTests: true,
        },
      },
      {
        test: {
          name: 'sdk',
          root: './packages/sdk',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          ...hangGuard,
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
          isolate: false,
          ...hangGuard,
        },
      },
      './apps/server/vitest.config.ts',
      './apps/web/vitest.config.ts',
    ],
  },
});
