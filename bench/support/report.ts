import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const resultsDir = path.resolve(import.meta.dirname, '../results');

export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Writes bench/results/<name>.json (workload, figures, machine) and prints the figures. */
/** The 1, 5 and 15 minute load averages, two decimals: a figure is only as quiet as the machine was. */
export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

export function writeResult(
  name: string,
  result: { workload: string; figures: Record<string, unknown>; loadAverageBefore?: number[] },
) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const body = {
    name,
    date: new Date().toISOString(),
    machine: machine(),
    ...result,
    loadAverageAfter: loadAverage(),
  };
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(body, null, 2)}\n`);
  console.log(`\n## ${name}\n${result.workload}`);
  console.table(result.figures);
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return Math.round(sortedMs[Math.max(0, index)]! * 100) / 100;
}

/** Fires `requests` GETs with `concurrency` in flight; answers p50/p99 latency and throughput. */
export async function loadTest(
  url: string,
  headers: Record<string, string>,
  requests: number,
  concurrency: number,
) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (!res.ok) failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests,
    concurrency,
    failures,
    throughputRps: Math.round(requests / seconds),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

export const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
