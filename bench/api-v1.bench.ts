import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { eq, like } from 'drizzle-orm';
import { refreshPlannerStatistics } from '../apps/server/src/db/planner-statistics';
import { clinics, rateLimits } from '../apps/server/src/db/schema';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { startInProcessServer } from './support/in-process-server';
import { percentile, writeResult } from './support/report';
import { seedClinic } from './support/seed-clinic';

// The public API's patients list with a bearer token next to the web app's patients list with a
// session, same clinic, same page size, interleaved rounds. A v1 call also resolves its
// token, counts the client's hourly budget and writes its audit row: that is what the figure prices.
// The clinic is on Enterprise (5,000 calls an hour) and the budget's counter is reset before each run,
// so the limit is never what is measured. Settable: BENCH_PATIENTS=10000, BENCH_SECONDS=3,
// BENCH_ROUNDS=3, BENCH_CONNECTIONS=10, BENCH_KINDS=postgres,pglite.
const env = process.env;
const patientsPerClinic = Number(env.BENCH_PATIENTS ?? 10_000);
const seconds = Number(env.BENCH_SECONDS ?? 3);
const rounds = Number(env.BENCH_ROUNDS ?? 3);
const connections = Number(env.BENCH_CONNECTIONS ?? 10);

type LoadResult = {
  requests: number;
  failures: number;
  timeouts: number;
  seconds: number;
  latencies: number[];
};
const loadWorker = new Worker(new URL('./support/load-worker.mjs', import.meta.url));
const load = (url: string, headers: Record<string, string>) =>
  new Promise<LoadResult>((resolve) => {
    loadWorker.once('message', resolve);
    loadWorker.postMessage({ urls: [url], headers, connections, seconds, timeoutMs: 10_000 });
  });

function summarise(runs: LoadResult[]) {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  return {
    rps: Math.round(requests / runs.reduce((n, r) => n + r.seconds, 0)),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures: runs.reduce((n, r) => n + r.failures + r.timeouts, 0),
  };
}

async function measure(kind: 'postgres' | 'pglite', port: number) {
  const database = await createBenchDatabase(kind);
  const server = await startInProcessServer(database, port);
  try {
    await seedClinic(server.db, server.clinicId, patientsPerClinic);
    await refreshPlannerStatistics(server.db);
    await server.db
      .update(clinics)
      .set({ subscriptionTier: 'enterprise' })
      .where(eq(clinics.id, server.clinicId));
    const created = await fetch(`${server.baseUrl}/api/settings/api-clients`, {
      method: 'POST',
      headers: { cookie: server.cookie, 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ name: 'Bench', scopes: ['patients:read'] }),
    });
    if (created.status !== 201) throw new Error(`API client: HTTP ${created.status} ${await created.text()}`);
    const client = (await created.json()) as { clientId: string; clientSecret: string };
    const granted = await fetch(`${server.baseUrl}/api/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        ...{ client_id: client.clientId, client_secret: client.clientSecret },
      }),
    });
    const { access_token: token } = (await granted.json()) as { access_token: string };
    const resetBudget = () => server.db.delete(rateLimits).where(like(rateLimits.key, 'apiv1:%'));

    const v1 = {
      url: `${server.baseUrl}/api/v1/patients?limit=20`,
      headers: { authorization: `Bearer ${token}` },
    };
    const web = { url: `${server.baseUrl}/api/patients?limit=20`, headers: { cookie: server.cookie } };
    await resetBudget();
    await load(v1.url, v1.headers); // warm-up
    await load(web.url, web.headers);
    const bearerRuns: LoadResult[] = [];
    const sessionRuns: LoadResult[] = [];
    for (let round = 0; round < rounds; round++) {
      await resetBudget();
      if (round % 2 === 0) {
        bearerRuns.push(await load(v1.url, v1.headers));
        sessionRuns.push(await load(web.url, web.headers));
      } else {
        sessionRuns.push(await load(web.url, web.headers));
        await resetBudget();
        bearerRuns.push(await load(v1.url, v1.headers));
      }
    }
    const bearer = summarise(bearerRuns);
    const session = summarise(sessionRuns);
    return { bearer, session, ratio: Math.round((bearer.rps / session.rps) * 100) / 100 };
  } finally {
    await server.close();
    await database.dispose();
  }
}

const loadBefore = os.loadavg().map((n) => Math.round(n * 100) / 100);
const kinds = (env.BENCH_KINDS ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const figures: Record<string, unknown> = {};
for (const kind of kinds) {
  if (kind === 'postgres' && !(await isPostgresReachable())) continue;
  const result = await measure(kind, 3850);
  figures[`${kind} bearer /api/v1/patients`] = { ...result.bearer, vsSession: result.ratio };
  figures[`${kind} session /api/patients`] = result.session;
}
await loadWorker.terminate();
writeResult('api-v1', {
  workload: `GET /api/v1/patients?limit=20 with a bearer token vs GET /api/patients?limit=20 with a session, one clinic of ${patientsPerClinic} patients (plus its reviews, cases and messages), ${rounds} interleaved rounds of ${seconds} s, ${connections} keep-alive connections. Load average before: ${loadBefore.join(' ')}, after: ${os
    .loadavg()
    .map((n) => Math.round(n * 100) / 100)
    .join(' ')}.`,
  figures,
});
