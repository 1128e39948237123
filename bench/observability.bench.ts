import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBenchDatabase, isPostgresReachable } from './support/bench-database';
import { loadAverage, percentile, writeResult } from './support/report';
import { startServer } from './support/spawn-server';

// Workload: what metrics and traces cost. The compiled server started three ways in interleaved
// rounds (so that the machine's load falls on each alike): nothing on; METRICS_PORT set; traces
// exported (OTEL_EXPORTER_OTLP_ENDPOINT) to a local OTLP collector that answers 200 and keeps
// nothing. Each start is timed to GET /api/ready = 200 on an existing database, then
// BENCH_OBS_REQUESTS sequential GET /api/ready (a database round trip, pg-boss's check) after 200
// warm-up requests. PostgreSQL when reachable, else PGlite. BENCH_OBS_ROUNDS rounds (3).
const rounds = Number(process.env.BENCH_OBS_ROUNDS ?? 3);
const requests = Number(process.env.BENCH_OBS_REQUESTS ?? 1000);

const collector = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
});
await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', () => resolve()));
const collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;

const variants: Record<string, Record<string, string>> = {
  off: {},
  metrics: { METRICS_PORT: '3899' },
  tracing: { OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl },
};

const kind = (await isPostgresReachable()) ? 'postgres' : 'pglite';
const database = await createBenchDatabase(kind);
const loadBefore = loadAverage();
type Round = { readyMs: number; p50Ms: number; p99Ms: number; meanMs: number; load1: number };
const measured: Record<string, Round[]> = { off: [], metrics: [], tracing: [] };
try {
  // Migrations and pg-boss's tables made once, outside the figures.
  await (await startServer(database.env, 3898)).stop();
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, env] of Object.entries(variants)) {
      const server = await startServer({ ...database.env, ...env }, 3898);
      try {
        for (let i = 0; i < 200; i += 1) await (await fetch(`${server.url}/api/ready`)).arrayBuffer();
        const times: number[] = [];
        for (let i = 0; i < requests; i += 1) {
          const started = performance.now();
          const response = await fetch(`${server.url}/api/ready`);
          await response.arrayBuffer();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        measured[name]!.push({
          readyMs: server.readyMs,
          p50Ms: round2(percentile(times, 50)),
          p99Ms: round2(percentile(times, 99)),
          meanMs: round2(times.reduce((a, b) => a + b, 0) / times.length),
          load1: loadAverage()[0] ?? 0,
        });
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await database.dispose();
  collector.close();
}

function round2(n: number) {
  return Math.round(n * 100) / 100;
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const figures: Record<string, Record<string, number | string>> = {};
for (const [name, runs] of Object.entries(measured)) {
  figures[name] = {
    readyMsMedian: median(runs.map((r) => r.readyMs)),
    p50MsMedian: median(runs.map((r) => r.p50Ms)),
    p99MsMedian: median(runs.map((r) => r.p99Ms)),
    readyMsRuns: runs.map((r) => r.readyMs).join(' '),
    p50MsRuns: runs.map((r) => r.p50Ms).join(' '),
    load1Runs: runs.map((r) => r.load1).join(' '),
  };
}
writeResult('observability', {
  workload: `Compiled server on ${kind}, existing database: start to GET /api/ready, then ${requests} sequential GET /api/ready after 200 warm-up; off / METRICS_PORT / OTLP traces to a local collector, ${rounds} interleaved rounds (median of rounds).`,
  figures,
  loadAverageBefore: loadBefore,
});
