import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import { refreshPlannerStatistics } from '../apps/server/src/db/planner-statistics';
import { clinics } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { startInProcessServer } from './support/in-process-server';
import { loadAverage, machine, percentile, resultsDir } from './support/report';
import { seedClinic } from './support/seed-clinic';

// The physical limit: each signed-in list endpoint and summary of the product, against a bare Fastify +
// driver handler (node-postgres with named prepared statements, or the same PGlite instance) doing the
// least work that yields the same answer: for the patients list one indexed statement written here
// (`independentBare`), for the others the statements the product ran for that endpoint (captured
// through the Drizzle logger, identity and rate-limit statements left out) replayed, on the same data. Interleaved rounds of the same closed-loop load (BENCH_CONNECTIONS keep-alive
// connections from a worker thread), so that the ratio holds on a shared, noisy machine.
//
// Settable: BENCH_PATIENTS=10000,100000 (patients per clinic; a neighbour clinic of the same size, half
// as many reviews and cases each, a sent message per patient, a reply from every other), BENCH_KINDS=postgres,pglite, BENCH_SECONDS=3 (per run), BENCH_ROUNDS=3,
// BENCH_CONNECTIONS=10, BENCH_ENDPOINTS (comma-separated parts of the paths; all when unset), BENCH_STRESS_PATIENTS=30000, BENCH_STRESS_CLIENTS=50, BENCH_STRESS_SECONDS=30
// (PGlite, 0 skips), BENCH_WARMUP_SECONDS=4, BENCH_RESULT_NAME=physical-limit (the results' file name). Quick run: BENCH_PATIENTS=2000 BENCH_SECONDS=1 BENCH_ROUNDS=1 BENCH_STRESS_SECONDS=5 BENCH_WARMUP_SECONDS=1.
const env = process.env;
const sizes = (env.BENCH_PATIENTS ?? '10000,100000').split(',').map(Number);
const seconds = Number(env.BENCH_SECONDS ?? 3);
const rounds = Number(env.BENCH_ROUNDS ?? 3);
const connections = Number(env.BENCH_CONNECTIONS ?? 10);
// Both sides are measured warm. Measured on a fresh process (PostgreSQL, 10,000 patients, 1 s runs):
// the patients list served 412, 687, 609, 733, 694 req/s in its first five seconds and ~1,000 once
// V8 had optimised its path; the bare handler 756 then ~1,250. With 0.5 s of warm-up the first
// endpoint measured carried the process's warm-up in its first round (0.71 where warm it is 0.86).
const warmupSeconds = Number(env.BENCH_WARMUP_SECONDS ?? 4);
const stress = {
  patients: Number(env.BENCH_STRESS_PATIENTS ?? 30_000),
  clients: Number(env.BENCH_STRESS_CLIENTS ?? 50),
  seconds: Number(env.BENCH_STRESS_SECONDS ?? 30),
};
const allEndpoints = [
  '/api/patients?limit=20',
  '/api/reviews?limit=20',
  '/api/cases?limit=20',
  '/api/conversations/sent',
  '/api/conversations/received',
  '/api/dashboard/summary',
  '/api/reviews/summary',
  '/api/cases/summary',
];
const endpoints = env.BENCH_ENDPOINTS
  ? allEndpoints.filter((e) => env.BENCH_ENDPOINTS!.split(',').some((part) => e.includes(part)))
  : allEndpoints;
const timeoutMs = 10_000;
// A partial run (one database, some endpoints) can be kept beside the full one: BENCH_RESULT_NAME.
const resultName = env.BENCH_RESULT_NAME ?? 'physical-limit';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const loadWorker = new Worker(new URL('./support/load-worker.mjs', import.meta.url));

type LoadResult = {
  requests: number;
  failures: number;
  timeouts: number;
  seconds: number;
  latencies: number[];
};
function load(urls: string[], headers: Record<string, string>, clients: number, runSeconds: number) {
  return new Promise<LoadResult>((resolve) => {
    loadWorker.once('message', resolve);
    loadWorker.postMessage({ urls, headers, connections: clients, seconds: runSeconds, timeoutMs });
  });
}

function summarise(runs: LoadResult[]) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const time = runs.reduce((n, r) => n + r.seconds, 0);
  return {
    rps: Math.round(requests / time),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures: runs.reduce((n, r) => n + r.failures + r.timeouts, 0),
  };
}

const uptime = () => execSync('uptime').toString().trim();
const rssMiB = () => {
  gc();
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
};

/**
 * After the seed, before any load: statistics for the planner, hint bits and the visibility map set by
 * VACUUM (or the first rounds would write them), and on PostgreSQL a checkpoint, so that the seed's
 * dirty pages are not flushed in the middle of a round.
 */
async function settleAfterSeed(db: Database, kind: 'postgres' | 'pglite') {
  await refreshPlannerStatistics(db);
  await db.execute(sql`vacuum`);
  if (kind === 'postgres') await db.execute(sql`checkpoint`);
}

type Statement = { sql: string; params: unknown[] };

/**
 * The least work that yields an endpoint's answer, written here independently of the product, where
 * it is not the product's own statements: the patients list's page and its total (a kept count, ADR
 * 009) in one indexed statement. The other endpoints' bare handlers replay what the product ran.
 */
const independentBare: Record<string, (clinicId: string) => Statement[]> = {
  '/api/patients?limit=20': (clinicId) => [
    {
      sql: `select id, name, email, phone, procedure, status, comment, language, marketing_consent,
        marketing_consent_at, marketing_consent_source, marketing_consent_recorded_by, procedure_date,
        last_check, created_at, updated_at, risk_level, risk_reasons, risk_rank,
        (select value from clinic_counts where clinic_id = $1 and counter = 'patients_total') as total
        from patients where clinic_id = $1 order by created_at desc, id asc limit 21`,
      params: [clinicId],
    },
  ],
};
let capturing: Statement[] | null = null;
const observeQuery = (text: string, params: unknown[]) => capturing?.push({ sql: text, params });

async function measure(kind: 'postgres' | 'pglite', patients: number, port: number) {
  const database = await createBenchDatabase(kind);
  const server = await startInProcessServer(database, port, { observeQuery });
  const pool =
    kind === 'postgres'
      ? new pg.Pool({ connectionString: database.env.DATABASE_URL, max: connections })
      : null;
  // The bench database is dropped with (force) at the end: its idle connections end with an error.
  pool?.on('error', () => {});
  const bare = Fastify({ logger: false });
  const figures: Record<string, unknown> = {};
  try {
    const seedStarted = performance.now();
    await seedClinic(server.db, server.clinicId, patients);
    const neighbourId = newId('cln');
    await server.db.insert(clinics).values({ id: neighbourId, name: 'Neighbour Clinic' });
    await seedClinic(server.db, neighbourId, patients);
    await settleAfterSeed(server.db, kind);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;

    const headers = { cookie: server.cookie };
    const statements: Statement[][] = [];
    const productStatements: number[] = [];
    for (const endpoint of endpoints) {
      capturing = [];
      const res = await fetch(server.baseUrl + endpoint, { headers });
      await res.arrayBuffer();
      const own = capturing.filter(
        (s) => s.params.includes(server.clinicId) && !/"sessions"|rate_limit/.test(s.sql),
      );
      capturing = null;
      if (!res.ok) throw new Error(`${endpoint}: HTTP ${res.status}`);
      productStatements.push(own.length);
      statements.push(independentBare[endpoint]?.(server.clinicId) ?? own);
    }
    bare.get<{ Params: { n: string } }>('/bare/:n', async (request) => {
      const results: unknown[] = [];
      const n = Number(request.params.n);
      for (const [i, s] of statements[n]!.entries()) {
        // Named, as the product's own prepared statements: the driver parses each once per connection.
        const rows = pool
          ? (await pool.query({ name: `bare_${n}_${i}`, text: s.sql, values: s.params })).rows
          : (await server.pglite!.query(s.sql, s.params)).rows;
        results.push(rows);
      }
      return results;
    });
    await bare.listen({ port: port + 1, host: '127.0.0.1' });
    const bareBase = `http://127.0.0.1:${port + 1}`;

    const loadBefore = loadAverage();
    const rss: number[] = [];
    // Warm-up: every endpoint on both sides twice in turn, then each endpoint's own before its rounds.
    for (let pass = 0; pass < 2; pass++) {
      await load(
        endpoints.map((e) => server.baseUrl + e),
        headers,
        connections,
        warmupSeconds,
      );
      await load(
        endpoints.map((_, n) => `${bareBase}/bare/${n}`),
        {},
        connections,
        warmupSeconds,
      );
    }
    for (const [n, endpoint] of endpoints.entries()) {
      const productUrl = [server.baseUrl + endpoint];
      const bareUrl = [`${bareBase}/bare/${n}`];
      await load(productUrl, headers, connections, warmupSeconds / 2);
      await load(bareUrl, {}, connections, warmupSeconds / 2);
      const product: LoadResult[] = [];
      const bareRuns: LoadResult[] = [];
      const loadAtStart = loadAverage();
      for (let round = 0; round < rounds; round++) {
        // Interleaved, the order alternating, so that a busy moment of the machine hits both sides.
        if (round % 2 === 0) {
          product.push(await load(productUrl, headers, connections, seconds));
          bareRuns.push(await load(bareUrl, {}, connections, seconds));
        } else {
          bareRuns.push(await load(bareUrl, {}, connections, seconds));
          product.push(await load(productUrl, headers, connections, seconds));
        }
      }
      const p = summarise(product);
      const b = summarise(bareRuns);
      figures[endpoint] = {
        ratio: Math.round((p.rps / b.rps) * 100) / 100,
        productRps: p.rps,
        bareRps: b.rps,
        productP99Ms: p.p99Ms,
        bareP99Ms: b.p99Ms,
        productP50Ms: p.p50Ms,
        bareP50Ms: b.p50Ms,
        failures: p.failures + b.failures,
        loadAverageAtStart: loadAtStart,
        statements: productStatements[n]!,
        bareStatements: statements[n]!.length,
        bare: independentBare[endpoint] ? 'independent' : 'replayed',
        // Each round's throughput, for a reader judging the noise.
        productRoundsRps: product.map((r) => Math.round(r.requests / r.seconds)),
        bareRoundsRps: bareRuns.map((r) => Math.round(r.requests / r.seconds)),
      };
      console.log(kind, patients, endpoint, figures[endpoint]);
    }
    // Memory: three runs of every endpoint in turn on the product; RSS (after a collection) after each.
    for (let run = 0; run < 3; run++) {
      await load(
        endpoints.map((e) => server.baseUrl + e),
        headers,
        connections,
        seconds,
      );
      rss.push(rssMiB());
    }
    return {
      kind,
      patientsPerClinic: patients,
      seedSeconds,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAverage(),
      uptime: uptime(),
      memory: { rssMiBAfterRuns: rss, growthMiB: rss[2]! - rss[0]!, withinTarget: rss[2]! - rss[0]! <= 20 },
      endpoints: figures,
    };
  } finally {
    await bare.close();
    await pool?.end();
    await server.close();
    await database.dispose();
  }
}

/** PGlite under many clients: every endpoint in turn, `stress.clients` connections, 10 s timeout. */
async function pgliteStress(port: number) {
  const database = await createBenchDatabase('pglite');
  const server = await startInProcessServer(database, port);
  try {
    await seedClinic(server.db, server.clinicId, stress.patients);
    const neighbourId = newId('cln');
    await server.db.insert(clinics).values({ id: neighbourId, name: 'Neighbour Clinic' });
    await seedClinic(server.db, neighbourId, stress.patients);
    await settleAfterSeed(server.db, 'pglite');
    const loadBefore = loadAverage();
    const rssBefore = rssMiB();
    const result = await load(
      endpoints.map((e) => server.baseUrl + e),
      { cookie: server.cookie },
      stress.clients,
      stress.seconds,
    );
    const s = summarise([result]);
    return {
      patientsPerClinic: stress.patients,
      clients: stress.clients,
      seconds: stress.seconds,
      requests: result.requests,
      rps: s.rps,
      timeouts: result.timeouts,
      failures: result.failures,
      p50Ms: s.p50Ms,
      p99Ms: s.p99Ms,
      rssMiBBefore: rssBefore,
      rssMiBAfter: rssMiB(),
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAverage(),
      uptime: uptime(),
    };
  } finally {
    await server.close();
    await database.dispose();
  }
}

const kinds = (env.BENCH_KINDS ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const postgresReachable = await isPostgresReachable();
const runs = [];
for (const kind of kinds) {
  if (kind === 'postgres' && !postgresReachable) {
    console.log('PostgreSQL not reachable (BENCH_DATABASE_URL): skipped');
    continue;
  }
  for (const patients of sizes) runs.push(await measure(kind, patients, 3830));
}
const stressResult = kinds.includes('pglite') && stress.seconds > 0 ? await pgliteStress(3834) : null;
await loadWorker.terminate();

const workload = `Each endpoint: product vs a bare Fastify + driver handler doing the least work for the same answer (the patients list: one indexed statement for the page and its kept total; the others: the product's own statements replayed; same data, same process, named prepared statements), ${rounds} interleaved rounds of ${seconds} s each after a warm-up (every endpoint on both sides twice for ${warmupSeconds} s, then ${warmupSeconds / 2} s of the endpoint on each side), ${connections} keep-alive connections, closed loop from a worker thread. Clinic of N patients plus a neighbour clinic of N; N/2 reviews, N/2 cases, N sent messages and N/2 replies each. Memory: RSS after three ${seconds} s runs of all endpoints. PGlite stress: ${stress.clients} clients, ${stress.seconds} s, ${stress.patients} patients per clinic, timeout ${timeoutMs / 1000} s. Targets: ratio >= 0.8 (PostgreSQL, 10k and 100k), p99 < 50 ms at 10k; PGlite stress 0 timeouts, p99 < 1 s; RSS growth <= 20 MB.`;
const result = {
  name: resultName,
  date: new Date().toISOString(),
  machine: machine(),
  workload,
  runs,
  pgliteStress: stressResult,
};
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, `${resultName}.json`), `${JSON.stringify(result, null, 2)}\n`);

const md = [
  `# Physical limit (${result.date})`,
  '',
  workload,
  '',
  `Machine: ${JSON.stringify(result.machine)}`,
  '',
];
for (const run of runs) {
  md.push(`## ${run.kind}, ${run.patientsPerClinic} patients per clinic`, '');
  md.push(
    `Load average before ${run.loadAverageBefore.join(' ')}, after ${run.loadAverageAfter.join(' ')} (\`${run.uptime}\`). Seed ${run.seedSeconds} s.`,
    '',
  );
  md.push(
    '| endpoint | ratio | product req/s | bare req/s | product p99 ms | bare p99 ms | failures | statements (product / bare) | bare | load average at start |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const [endpoint, f] of Object.entries(run.endpoints) as [string, Record<string, number>][]) {
    md.push(
      `| ${endpoint} | ${f.ratio} | ${f.productRps} | ${f.bareRps} | ${f.productP99Ms} | ${f.bareP99Ms} | ${f.failures} | ${f.statements} / ${f.bareStatements} | ${f.bare} | ${(f.loadAverageAtStart as unknown as number[]).join(' ')} |`,
    );
  }
  md.push(
    '',
    `Memory: RSS after three runs ${run.memory.rssMiBAfterRuns.join(', ')} MiB (growth ${run.memory.growthMiB} MiB, target <= 20).`,
    '',
  );
}
if (stressResult) {
  const s = stressResult;
  md.push(
    `## PGlite, ${s.clients} clients for ${s.seconds} s, ${s.patientsPerClinic} patients per clinic`,
    '',
  );
  md.push(
    `${s.requests} requests (${s.rps} req/s), ${s.timeouts} timeouts, ${s.failures} failures, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms; RSS ${s.rssMiBBefore} -> ${s.rssMiBAfter} MiB. Load average before ${s.loadAverageBefore.join(' ')}, after ${s.loadAverageAfter.join(' ')} (\`${s.uptime}\`).`,
    '',
  );
}
fs.writeFileSync(path.join(resultsDir, `${resultName}.md`), `${md.join('\n')}\n`);
console.log(md.join('\n'));
