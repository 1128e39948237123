import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { writeResult } from './support/report';
import { startServer } from './support/spawn-server';

// Workload: start the server process and wait for GET /api/ready, first on an empty database
// (initdb for PGlite, all migrations), then again on the same, existing one. Demo seed off.
const figures: Record<string, Record<string, number>> = {};
const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await isPostgresReachable()) kinds.push('postgres');

for (const kind of kinds) {
  const database = await createBenchDatabase(kind);
  try {
    const first = await startServer(database.env, 3811);
    await first.stop();
    const second = await startServer(database.env, 3811);
    await second.stop();
    figures[kind] = { emptyToReadyMs: first.readyMs, existingToReadyMs: second.readyMs };
  } finally {
    await database.dispose();
  }
}

writeResult('cold-start', {
  workload:
    'Server process start to GET /api/ready = 200: empty database, then the same database again (SEED_DEMO=false).',
  figures,
});
