import { defineConfig } from 'vitest/config';
import { hangGuard } from './vitest.timeouts.ts';

// One run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          ...hangGuard,
        },
      },
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
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
          ...hangGuard,
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
          ...hangGuard,
        },
      },
      './apps/server/vitest.config.ts',
      './apps/web/vitest.config.ts',
    ],
  },
});
