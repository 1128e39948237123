import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createBenchDatabase } from './support/bench-database';
import {
  type Category,
  categories,
  chromeFlags,
  failingAudits,
  type LighthouseReport,
  lighthouseVersion,
  mainThreadFigures,
  runLighthouse,
  runLimitMs,
  score,
  scriptBytes,
} from './support/lighthouse';
import { loadAverage, writeResult } from './support/report';
import { startServer } from './support/spawn-server';

// Workload: the built web app (apps/web/dist; built first only if missing) served by the real server
// process on 127.0.0.1 with an empty PGlite database, then Lighthouse (default config: mobile emulation,
// simulated throttling) on three public pages, BENCH_LIGHTHOUSE_RUNS runs each (default 3, the run
// with the median performance score is kept). Targets from the issue: performance >= 90,
// accessibility 100, best practices >= 95, SEO 100, first page JavaScript < 150 kB gzip.
// Every run also records the load average before it, its total blocking time, the main thread's
// work by kind and the host CPU's benchmarkIndex: on a shared machine the score moves with the load,
// these say why. A run past BENCH_LIGHTHOUSE_RUN_SECONDS (300) is recorded as not finished.
// The build is the one in apps/web/dist (built first only if missing): after changing the web app,
// `npm run build` before measuring, or the figures are the old build's.
const root = path.resolve(import.meta.dirname, '..');
const routes = ['/', '/pricing', '/cost-calculator'];
const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const targets = {
  performance: { min: 90 },
  accessibility: { min: 100 },
  'best-practices': { min: 95 },
  seo: { min: 100 },
  // The public site's budget: the landing page's first-load JavaScript under 150 kB compressed.
  jsGzipKB: { max: 150 },
} as const;

// A build older than the sources it is made from is rebuilt: figures of an old build are not the
// code's.
const builtAt = (() => {
  try {
    return fs.statSync(path.join(root, 'apps/web/dist/index.html')).mtimeMs;
  } catch {
    return 0;
  }
})();
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/build-public-pages.ts',
  'apps/web/vite.config.ts',
  'packages/domain/src',
  'packages/contracts/src',
];
const newestSource = Math.max(...webSources.map((source) => newestChange(path.join(root, source))));
if (newestSource > builtAt) {
  console.log(
    builtAt === 0
      ? 'apps/web/dist is missing: npm run build'
      : 'apps/web/dist is older than its sources: npm run build',
  );
  const env = {
    ...process.env,
    PATH: [path.join(root, 'node_modules/.bin'), process.env.PATH].join(path.delimiter),
  };
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
}

const loadAverageBefore = loadAverage();
const port = await freePort();
const database = await createBenchDatabase('pglite');
const reportsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-lighthouse-'));
const server = await startServer({ ...database.env, PUBLIC_URL: `http://127.0.0.1:${port}` }, port);

const distDir = path.join(root, 'apps/web/dist');
const figures: Record<string, Record<string, unknown>> = {};
const runsByRoute: Record<string, unknown[]> = {};
const met: Record<string, Record<string, boolean>> = {};
const failing: Record<string, Partial<Record<Category, ReturnType<typeof failingAudits>>>> = {};
let environment: Record<string, unknown> = {};
try {
  for (const route of routes) {
    const reports: LighthouseReport[] = [];
    runsByRoute[route] = [];
    for (let i = 0; i < runs; i++) {
      const file = path.join(
        reportsDir,
        `${route === '/' ? 'home' : route.slice(1).replace(/\W+/g, '-')}.${i + 1}.report.json`,
      );
      const loadAverageBeforeRun = loadAverage();
      const run = await runLighthouse(`${server.url}${route}`, file);
      if ('failure' in run) {
        console.log(`${route} run ${i + 1}: ${run.failure} (load ${loadAverageBeforeRun.join(' ')})`);
        runsByRoute[route].push({ loadAverageBefore: loadAverageBeforeRun, notFinished: run.failure });
        continue;
      }
      reports.push(run.report);
      const figuresOfRun = { loadAverageBefore: loadAverageBeforeRun, ...mainThreadFigures(run.report) };
      console.log(`${route} run ${i + 1}: ${JSON.stringify(figuresOfRun)}`);
      runsByRoute[route].push(figuresOfRun);
    }
    if (reports.length === 0) {
      figures[route] = { allTargetsMet: false, performanceRuns: 'no run finished' };
      continue;
    }
    const sorted = [...reports].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const report = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const js = scriptBytes(report, distDir);
    const row = {
      performance: score(report, 'performance'),
      accessibility: score(report, 'accessibility'),
      bestPractices: score(report, 'best-practices'),
      seo: score(report, 'seo'),
      jsGzipKB: Math.round(js.gzipBytes / 100) / 10,
      jsTransferKB: Math.round(js.transferBytes / 100) / 10,
      scripts: js.scripts,
      performanceRuns: reports.map((r) => score(r, 'performance')).join(' '),
      totalBlockingTimeMsRuns: reports.map((r) => mainThreadFigures(r).totalBlockingTimeMs).join(' '),
      mainThreadWorkMsRuns: reports.map((r) => mainThreadFigures(r).mainThreadWorkMs).join(' '),
    };
    met[route] = {
      performance: row.performance >= targets.performance.min,
      accessibility: row.accessibility >= targets.accessibility.min,
      'best-practices': row.bestPractices >= targets['best-practices'].min,
      seo: row.seo >= targets.seo.min,
      jsGzipKB: row.jsGzipKB < targets.jsGzipKB.max,
    };
    figures[route] = { ...row, allTargetsMet: Object.values(met[route]!).every(Boolean) };
    failing[route] = Object.fromEntries(
      categories.map((c) => [c, failingAudits(report, c)]).filter(([, list]) => list!.length > 0),
    );
    environment = {
      lighthouse: report.lighthouseVersion,
      chromium: report.environment.hostUserAgent,
      formFactor: report.configSettings.formFactor,
      throttlingMethod: report.configSettings.throttlingMethod,
      benchmarkIndex: report.environment.benchmarkIndex,
      runWarnings: report.runWarnings,
    };
  }
} finally {
  await server.stop();
  await database.dispose();
}

const result = {
  workload:
    `Lighthouse ${lighthouseVersion} (mobile, simulated throttling), ${runs} run(s) per page, median by performance, ` +
    `on ${routes.join(', ')} of the built web app served by the server process (127.0.0.1, empty PGlite), ` +
    `each run limited to ${runLimitMs / 1000} s. ` +
    'Scores 0-100; jsGzipKB = the page load scripts (network-requests audit) gzipped, 1 kB = 1000 bytes; ' +
    'jsTransferKB = as the server sent them.',
  figures,
  loadAverageBefore,
  runs: runsByRoute,
  targets,
  met,
  failingAudits: failing,
  environment: {
    ...environment,
    chromeFlags,
    webBuiltAt: new Date(fs.statSync(path.join(distDir, 'index.html')).mtimeMs).toISOString(),
  },
};
writeResult('lighthouse', result);
for (const [route, byCategory] of Object.entries(failing)) {
  for (const [category, audits] of Object.entries(byCategory)) {
    for (const a of audits ?? []) {
      console.log(
        `${route} ${category}: ${a.id} (score ${a.score}${a.displayValue ? `, ${a.displayValue}` : ''})`,
      );
    }
  }
}
console.log(`Full reports: ${reportsDir}`);

/** The latest modification time under a file or folder (0 when it does not exist). */
function newestChange(file: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(file).map((entry) => newestChange(path.join(file, entry))));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
