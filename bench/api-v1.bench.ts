import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { refreshPlannerStatistics } from '../apps/server/src/db/planner-statistics';
import { clinics } from '../apps/server/src/db/schema';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { startInProcessServer } from './support/in-process-server';
import { loadAverage, percentile, writeResult } from './support/report';
import { seedClinic } from './support/seed-clinic';

// The public API next to the web app's private API and to the physical limit, same clinic, same page:
// - reads: GET /api/v1/patients?limit=20 (bearer) vs GET /api/patients?limit=20 (session) vs a bare
//   Fastify + driver handler running the one indexed page statement as a NAMED prepared statement;
// - creates: POST /api/v1/patients (bearer) and POST /api/patients (session) vs a bare handler's named
//   prepared INSERT into the same table (same triggers: the kept counts).
// A v1 call also resolves its token, counts the client's hourly budget and audits the call (ADR 020):
// that is what the figure prices. The clinic is on Enterprise (5,000 calls an hour a client) and each
// bearer run spreads its calls over new clients, so the limit is never what is measured. Each round runs every side
// once, the order rotating, the load average written beside it. Settable: BENCH_PATIENTS=10000,
// BENCH_SECONDS=3, BENCH_ROUNDS=3, BENCH_CONNECTIONS=10, BENCH_KINDS=postgres,pglite, BENCH_WARMUP_SECONDS=2.
const env = process.env;
const patientsPerClinic = Number(env.BENCH_PATIENTS ?? 10_000);
const seconds = Number(env.BENCH_SECONDS ?? 3);
const rounds = Number(env.BENCH_ROUNDS ?? 3);
const connections = Number(env.BENCH_CONNECTIONS ?? 10);
const warmupSeconds = Number(env.BENCH_WARMUP_SECONDS ?? 2);

type LoadResult = {
  requests: number;
  failures: number;
  failedStatuses: Record<string, number>;
  timeouts: number;
  seconds: number;
  latencies: number[];
};
type Side = {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Headers made anew for each run, taken round-robin (the bearer sides: tokens of new API clients). */
  freshHeaderSets?: () => Promise<Record<string, string>[]>;
  method?: string;
  body?: string;
};

const loadWorker = new Worker(new URL('./support/load-worker.mjs', import.meta.url));
const load = async (side: Side, runSeconds = seconds) => {
  const headerSets = side.freshHeaderSets ? await side.freshHeaderSets() : [side.headers];
  return new Promise<LoadResult>((resolve) => {
    loadWorker.once('message', resolve);
    loadWorker.postMessage({
      urls: [side.url],
      headerSets,
      connections,
      seconds: runSeconds,
      timeoutMs: 10_000,
      method: side.method ?? 'GET',
      body: side.body,
    });
  });
};

function summarise(runs: LoadResult[]) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  return {
    rps: Math.round(requests / runs.reduce((n, r) => n + r.seconds, 0)),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures: runs.reduce((n, r) => n + r.failures + r.timeouts, 0),
    failedStatuses: runs.reduce<Record<string, number>>((all, r) => {
      for (const [status, n] of Object.entries(r.failedStatuses)) all[status] = (all[status] ?? 0) + n;
      return all;
    }, {}),
    roundsRps: runs.map((r) => Math.round(r.requests / r.seconds)),
  };
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

// The page the product's list reads, as one statement on the (clinic_id, created_at desc, id) index.
const bareListSql = `select id, name, email, phone, procedure, status, comment, language, marketing_consent,
  marketing_consent_at, marketing_consent_source, marketing_consent_recorded_by, procedure_date, last_check,
  created_at, updated_at, risk_level, risk_reasons, risk_rank
  from patients where clinic_id = $1 order by created_at desc, id asc limit 21`;
const bareInsertSql = `insert into patients (clinic_id, id, name, email, procedure, status, created_at, updated_at)
  values ($1, $2, $3, $4, $5, 'active', now(), now()) returning *`;

async function measure(kind: 'postgres' | 'pglite', port: number) {
  const database = await createBenchDatabase(kind);
  const server = await startInProcessServer(database, port);
  const pool =
    kind === 'postgres'
      ? new pg.Pool({ connectionString: database.env.DATABASE_URL, max: connections })
      : null;
  pool?.on('error', () => {});
  const bare = Fastify({ logger: false });
  try {
    await seedClinic(server.db, server.clinicId, patientsPerClinic);
    await refreshPlannerStatistics(server.db);
    await server.db
      .update(clinics)
      .set({ subscriptionTier: 'enterprise' })
      .where(eq(clinics.id, server.clinicId));
    /** A new API client's access token: its hourly budget (5,000 calls on Enterprise) untouched. */
    async function newToken() {
      const created = await fetch(`${server.baseUrl}/api/settings/api-clients`, {
        method: 'POST',
        headers: { cookie: server.cookie, 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ name: 'Bench', scopes: ['patients:read', 'patients:write'] }),
      });
      if (created.status !== 201)
        throw new Error(`API client: HTTP ${created.status} ${await created.text()}`);
      const client = (await created.json()) as { clientId: string; clientSecret: string };
      const granted = await fetch(`${server.baseUrl}/api/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          ...{ client_id: client.clientId, client_secret: client.clientSecret },
        }),
      });
      return ((await granted.json()) as { access_token: string }).access_token;
    }
    // Each bearer run spreads its calls over clients of its own, enough that no budget is reached at up
    // to 1,000 calls a second per connection (a refused call is a cheap 429 that would flatter the side).
    const bearerClientsPerRun = Math.ceil((connections * 1000 * Math.max(seconds, warmupSeconds)) / 5_000);
    const freshBearerHeaders = (extra: Record<string, string>) => async () =>
      Promise.all(
        Array.from({ length: bearerClientsPerRun }, async () => ({
          authorization: `Bearer ${await newToken()}`,
          ...extra,
        })),
      );

    let bareIds = 0;
    const run = async (name: string, text: string, values: unknown[]) =>
      pool
        ? (await pool.query({ name, text, values })).rows
        : (await server.pglite!.query(text, values)).rows;
    bare.get('/bare/patients', () => run('bare_list', bareListSql, [server.clinicId]));
    bare.post('/bare/patients', async (_request, reply) => {
      bareIds += 1;
      const rows = await run('bare_insert', bareInsertSql, [
        server.clinicId,
        `P-bare-${process.pid}-${bareIds}`,
        'Ada Byron',
        'ada@example.com',
        'Dental Implant',
      ]);
      return reply.status(201).send(rows[0]);
    });
    await bare.listen({ port: port + 1, host: '127.0.0.1' });
    const bareBase = `http://127.0.0.1:${port + 1}`;

    const body = JSON.stringify({ name: 'Ada Byron', email: 'ada@example.com', procedure: 'Dental Implant' });
    const json = { 'content-type': 'application/json' };
    const reads: Side[] = [
      {
        name: 'bearer GET /api/v1/patients',
        url: `${server.baseUrl}/api/v1/patients?limit=20`,
        headers: {},
        freshHeaderSets: freshBearerHeaders({}),
      },
      {
        name: 'session GET /api/patients',
        url: `${server.baseUrl}/api/patients?limit=20`,
        headers: { cookie: server.cookie },
      },
      { name: 'bare page statement', url: `${bareBase}/bare/patients`, headers: {} },
    ];
    const creates: Side[] = [
      {
        name: 'bearer POST /api/v1/patients',
        url: `${server.baseUrl}/api/v1/patients`,
        headers: {},
        freshHeaderSets: freshBearerHeaders(json),
        method: 'POST',
        body,
      },
      {
        name: 'session POST /api/patients',
        url: `${server.baseUrl}/api/patients`,
        headers: { cookie: server.cookie, origin: server.baseUrl, ...json },
        method: 'POST',
        body,
      },
      { name: 'bare INSERT', url: `${bareBase}/bare/patients`, headers: json, method: 'POST', body },
    ];

    async function compare(sides: Side[]) {
      for (const side of sides) {
        await load(side, warmupSeconds);
      }
      const runs = new Map<string, LoadResult[]>(sides.map((s) => [s.name, []]));
      const roundLoad: number[][] = [];
      for (let round = 0; round < rounds; round++) {
        // The order rotates, so that a busy moment of the machine does not always hit the same side.
        const order = sides.map((_, i) => sides[(i + round) % sides.length]!);
        roundLoad.push(loadAverage());
        for (const side of order) {
          runs.get(side.name)!.push(await load(side));
        }
      }
      return {
        figures: Object.fromEntries(sides.map((s) => [s.name, summarise(runs.get(s.name)!)])),
        roundLoad,
      };
    }

    const read = await compare(reads);
    const create = await compare(creates);
    const rps = (figures: Record<string, { rps: number }>, name: string) => figures[name]!.rps;
    const result = {
      reads: {
        ...read.figures,
        loadAverageAtEachRound: read.roundLoad,
        ratios: {
          bearerVsSession: ratio(rps(read.figures, reads[0]!.name), rps(read.figures, reads[1]!.name)),
          bearerVsBare: ratio(rps(read.figures, reads[0]!.name), rps(read.figures, reads[2]!.name)),
          sessionVsBare: ratio(rps(read.figures, reads[1]!.name), rps(read.figures, reads[2]!.name)),
        },
      },
      creates: {
        ...create.figures,
        loadAverageAtEachRound: create.roundLoad,
        ratios: {
          bearerVsBare: ratio(rps(create.figures, creates[0]!.name), rps(create.figures, creates[2]!.name)),
          sessionVsBare: ratio(rps(create.figures, creates[1]!.name), rps(create.figures, creates[2]!.name)),
        },
      },
    };
    console.log(kind, JSON.stringify(result, null, 2));
    return result;
  } finally {
    await bare.close();
    await pool?.end();
    await server.close();
    await database.dispose();
  }
}

const loadBefore = loadAverage();
const kinds = (env.BENCH_KINDS ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const figures: Record<string, unknown> = {};
for (const kind of kinds) {
  if (kind === 'postgres' && !(await isPostgresReachable())) continue;
  figures[kind] = await measure(kind, 3850);
}
await loadWorker.terminate();
writeResult('api-v1', {
  workload: `Reads: GET /api/v1/patients?limit=20 (bearer) vs GET /api/patients?limit=20 (session) vs a bare named prepared page statement; creates: POST /api/v1/patients (bearer) and POST /api/patients (session) vs a bare named prepared INSERT into patients. One clinic of ${patientsPerClinic} patients (plus its reviews, cases and messages), ${rounds} interleaved rounds of ${seconds} s per side (order rotating), ${warmupSeconds} s warm-up per side, ${connections} keep-alive connections. Targets: bearer read >= 0.8x of the session read; creates >= 0.7x of the bare INSERT. Load average before: ${loadBefore.join(' ')}, after: ${loadAverage().join(' ')}.`,
  figures,
});
