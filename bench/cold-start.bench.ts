import path from 'node:path';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { loadAverage, writeResult } from './support/report';
import { startServer } from './support/spawn-server';

// Workload: start the compiled server process (as `npm start` runs it) and wait for GET /api/ready,
// first on an empty database (initdb for PGlite, all migrations), then BENCH_COLD_START_ROUNDS (7)
// interleaved rounds on the same, existing one: the server, then its limit, a bare Fastify process
// opening the same database and answering /api/ready after one round trip
// (support/bare-ready-server.mjs). The figure is the ratio of the medians (target <= 1.5x), the 1
// minute load average beside each start. Demo seed off. PGlite, and PostgreSQL when reachable.
const rounds = Number(process.env.BENCH_COLD_START_ROUNDS ?? 7);
const bareServer = path.resolve(import.meta.dirname, 'support/bare-ready-server.mjs');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const loadBefore = loadAverage();
const figures: Record<string, Record<string, number | string>> = {};
const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await isPostgresReachable()) kinds.push('postgres');

for (const kind of kinds) {
  const database = await createBenchDatabase(kind);
  try {
    const first = await startServer(database.env, 3811);
    await first.stop();
    const server: number[] = [];
    const bare: number[] = [];
    const loads: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const product = await startServer(database.env, 3811);
      await product.stop();
      const productLoad = loadAverage()[0];
      const limit = await startServer(database.env, 3811, bareServer);
      await limit.stop();
      server.push(product.readyMs);
      bare.push(limit.readyMs);
      loads.push(`${productLoad}/${loadAverage()[0]}`);
    }
    figures[kind] = {
      emptyToReadyMs: first.readyMs,
      serverMedianMs: median(server),
      bareMedianMs: median(bare),
      ratio: Math.round((median(server) / median(bare)) * 100) / 100,
      serverRuns: server.join(' '),
      bareRuns: bare.join(' '),
      load1Runs: loads.join(' '),
    };
  } finally {
    await database.dispose();
  }
}

writeResult('cold-start', {
  workload: `Compiled server process start to GET /api/ready = 200: empty database, then the same database in ${rounds} rounds interleaved with a bare Fastify process opening it (ratio of medians, target <= 1.5x; SEED_DEMO=false; load1Runs: 1 minute load average after the server's start / after the bare one's).`,
  figures,
  loadAverageBefore: loadBefore,
});
