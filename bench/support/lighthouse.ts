import { spawnSync } from 'node:child_process';
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
 * Runs the Lighthouse CLI once (default config: mobile emulation, simulated throttling) and answers
 * the parsed report. npx and lighthouse both start with `env node`: node_modules/.bin (Node 22)
 * goes first on the PATH, as `npm run` does, whatever the system node is.
 */
export function runLighthouse(url: string, outputPath: string): LighthouseReport {
  const env = {
    ...process.env,
    PATH: [path.join(root, 'node_modules/.bin'), path.dirname(process.execPath), process.env.PATH].join(
      path.delimiter,
    ),
    CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  };
  const result = spawnSync(
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
    { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], timeout: 300_000 },
  );
  if (!fs.existsSync(outputPath)) {
    throw new Error(
      `lighthouse wrote no report for ${url} (exit ${result.status}, ${result.error ?? 'no error'})`,
    );
  }
  const report = JSON.parse(fs.readFileSync(outputPath, 'utf8')) as LighthouseReport;
  if (report.runtimeError)
    throw new Error(`lighthouse ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  return report;
}

export function score(report: LighthouseReport, category: Category): number {
  const value = report.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
}

/**
 * The scripts of the page load, from the `network-requests` audit: bytes as transferred (what the
 * server sent: gzip only if it compresses) and the same files gzipped here (zlib default level,
 * as Vite reports them), so the figure is comparable with a gzip budget either way.
 */
export async function scriptBytes(report: LighthouseReport) {
  const items = report.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  let transferBytes = 0;
  let gzipBytes = 0;
  for (const item of scripts) {
    transferBytes += Number(item.transferSize ?? 0);
    const body = Buffer.from(await (await fetch(String(item.url))).arrayBuffer());
    gzipBytes += gzipSync(body).length;
  }
  return { scripts: scripts.length, transferBytes, gzipBytes };
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
