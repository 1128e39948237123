import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');

/** Pinned: run through npx so that `npm ci` stays lean (lighthouse is not a dependency). Needs Node >= 22.19. */
export const lighthouseVersion = '13.5.0';

export const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof categories)[number];

type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  details?: { type?: string; items?: Record<string, unknown>[] };
};
export type LighthouseReport = {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  environment: { benchmarkIndex: number; hostUserAgent: string };
  configSettings: { formFactor: string; throttlingMethod: string };
  categories: Record<
    Category,
    { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] }
  >;
  audits: Record<string, Audit>;
};

/**
 * How long one Lighthouse run may take (BENCH_LIGHTHOUSE_RUN_SECONDS, default 300): a run that
 * passes it is recorded as not finished and the bench goes on with the next one.
 */
export const runLimitMs = Math.max(30, Number(process.env.BENCH_LIGHTHOUSE_RUN_SECONDS ?? 300)) * 1000;

/**
 * Runs the Lighthouse CLI once (default config: mobile emulation, simulated throttling) and answers
 * the parsed report, or why there is none (the run passed its time limit or failed): one run that
 * does not finish on a busy machine must not lose the others. npx and lighthouse both start with
 * `env node`: node_modules/.bin (Node 22) goes first on the PATH, as `npm run` does, whatever the
 * system node is.
 */
export async function runLighthouse(
  url: string,
  outputPath: string,
): Promise<{ report: LighthouseReport } | { failure: string }> {
  const env = {
    ...process.env,
    PATH: [path.join(root, 'node_modules/.bin'), path.dirname(process.execPath), process.env.PATH].join(
      path.delimiter,
    ),
    CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  };
  // In its own process group: past the limit, npx, lighthouse and its Chromium all stop, so none
  // keeps running into the next run.
  const child = spawn(
    'npx',
    [
      '--yes',
      `lighthouse@${lighthouseVersion}`,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${outputPath}`,
      `--only-categories=${categories.join(',')}`,
      `--chrome-flags=${chromeFlags.join(' ')}`,
    ],
    { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true },
  );
  let timedOut = false;
  const limit = setTimeout(() => {
    timedOut = true;
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  }, runLimitMs);
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  }).finally(() => clearTimeout(limit));
  if (timedOut) return { failure: `passed the ${runLimitMs / 1000} s limit` };
  if (!fs.existsSync(outputPath)) return { failure: `no report (exit ${exitCode})` };
  const report = JSON.parse(fs.readFileSync(outputPath, 'utf8')) as LighthouseReport;
  if (report.runtimeError) return { failure: `${report.runtimeError.code} ${report.runtimeError.message}` };
  return { report };
}

export function score(report: LighthouseReport, category: Category): number {
  const value = report.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
}

/**
 * The scripts of the page load, from the `network-requests` audit: bytes as transferred (what the
 * server sent: gzip only if it compresses) and the same files gzipped here (zlib default level,
 * as Vite reports them), so the figure is comparable with a gzip budget either way. The files are
 * read from the build the server sends them from, not fetched again: a busy machine's server may
 * close a kept-alive connection under a second round of requests, and the bench must not stop there.
 */
export function scriptBytes(report: LighthouseReport, distDir: string) {
  const items = report.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  let transferBytes = 0;
  let gzipBytes = 0;
  for (const item of scripts) {
    transferBytes += Number(item.transferSize ?? 0);
    const file = path.join(distDir, decodeURIComponent(new URL(String(item.url)).pathname));
    if (!file.startsWith(distDir + path.sep)) throw new Error(`script outside the build: ${item.url}`);
    gzipBytes += gzipSync(fs.readFileSync(file)).length;
  }
  return { scripts: scripts.length, transferBytes, gzipBytes };
}

/**
 * What can be compared from run to run on a shared machine, where the score moves with the load:
 * total blocking time, the main thread's work by kind (Lighthouse's breakdown, ms) and the CPU
 * speed Lighthouse measured on the host (benchmarkIndex: lower is slower; the simulated mobile CPU
 * is the host's divided by 4, so a slower or busier host scores lower on the same page).
 */
export function mainThreadFigures(report: LighthouseReport) {
  const audit = (id: string) => report.audits[id];
  const breakdown = Object.fromEntries(
    (audit('mainthread-work-breakdown')?.details?.items ?? []).map((item) => [
      String(item.group),
      Math.round(Number(item.duration)),
    ]),
  );
  const ms = (id: string) => Math.round(Number(audit(id)?.numericValue ?? Number.NaN));
  return {
    performance: score(report, 'performance'),
    totalBlockingTimeMs: ms('total-blocking-time'),
    mainThreadWorkMs: ms('mainthread-work-breakdown'),
    largestContentfulPaintMs: ms('largest-contentful-paint'),
    benchmarkIndex: report.environment.benchmarkIndex,
    breakdownMs: breakdown,
  };
}

/** The audits that cost points in a category: scored, weighted (or a metric) and below 1 (0.9 for performance). */
export function failingAudits(report: LighthouseReport, category: Category) {
  const pass = category === 'performance' ? 0.9 : 1;
  return (report.categories[category]?.auditRefs ?? [])
    .map((ref) => ({ ref, audit: report.audits[ref.id] }))
    .filter(
      ({ ref, audit }) =>
        audit &&
        typeof audit.score === 'number' &&
        audit.score < pass &&
        (ref.weight > 0 || ref.group === 'metrics' || category === 'performance') &&
        !['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode),
    )
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit!.title,
      score: audit!.score,
      weight: ref.weight,
      ...(audit!.displayValue ? { displayValue: audit!.displayValue } : {}),
      ...(audit!.details?.items?.length ? { items: audit!.details.items.length } : {}),
    }));
}
