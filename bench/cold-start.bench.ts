import os from 'node:os';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { writeResult } from './support/report';
import { startServer } from './support/spawn-server';

// Workload: start the compiled server process (as `npm start` runs it) and wait for GET /api/ready,
// first on an empty database (initdb for PGlite, all migrations), then 5 more times on the same,
// existing one (the target: median under 3 s). Demo seed off.
const runs = Number(process.env.BENCH_COLD_START_RUNS ?? 5);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const loadBefore = os.loadavg()[0] ?? 0;
const figures: Record<string, Record<string, number | number[]>> = {};
const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await isPostgresReachable()) kinds.push('postgres');

for (const kind of kinds) {
  const database = await createBenchDatabase(kind);
  try {
    const first = await startServer(database.env, 3811);
    await first.stop();
    const existing: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const again = await startServer(database.env, 3811);
      await again.stop();
      existing.push(Math.round(again.readyMs));
    }
    figures[kind] = {
      emptyToReadyMs: Math.round(first.readyMs),
      existingToReadyMsMedian: median(existing),
      existingToReadyMsRuns: existing,
    };
  } finally {
    await database.dispose();
  }
}

writeResult('cold-start', {
  workload: `Compiled server process start to GET /api/ready = 200: empty database, then the same database ${runs} times (median; SEED_DEMO=false). Load average (1 min) before: ${loadBefore.toFixed(2)}, after: ${(os.loadavg()[0] ?? 0).toFixed(2)}.`,
  figures,
});
