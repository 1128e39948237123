import { inject } from 'vitest';
import type { E2eServer } from './global-setup';

/**
 * The server of this spec file's test worker: workers run files side by side, each against its own
 * server (support/global-setup.ts), and a worker's files one after another.
 */
export function thisServer(): E2eServer {
  const servers = inject('servers');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(poolId - 1) % servers.length];
  if (!server) throw new Error('No e2e server: is the global setup configured?');
  return server;
}
