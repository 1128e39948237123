import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, loggerOptions } from '../app';
import type { AppDeps } from '../app-deps';
import { createAppDeps } from '../bootstrap';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase, type QueryObserver } from '../db/client';
import { createMetrics } from '../observability/metrics';
import { startMetricsListener } from '../observability/metrics-listener';
import { createScratchDatabase } from './scratch-database';

export const testOrigin = 'http://localhost:3000';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

type TestAppOptions = {
  env?: Record<string, string>;
  startJobs?: boolean;
  observeQuery?: QueryObserver;
  /**
   * A data folder the caller owns (kept on close). On PGlite the database then lives in it as
   * `<dataDir>/pglite`, where the server keeps it, instead of in memory.
   */
  dataDir?: string;
  /** A PostgreSQL database of the test's own instead of TEST_DATABASE_URL's. */
  databaseUrl?: string;
  /** The request context's clock (idle and absolute session lifetimes), for tests that move time. */
  now?: () => number;
  /**
   * An empty migrated database of this app's own, for the few tests that must not see other files'
   * rows (the demo seed's "only on an empty database", service-wide status incidents): on PGlite a
   * fresh copy of the snapshot, on PostgreSQL a scratch database beside TEST_DATABASE_URL's,
   * dropped on close.
   */
  ownDatabase?: boolean;
};

/** The whole app on a fresh copy of the migrated database (PGlite) or the shared PostgreSQL one. */
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: testOrigin,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    SECRETS_KEY: randomBytes(32).toString('hex'),
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests change sessions and clinics in the database directly and expect the next request to see
    // it; the cache has tests of its own (identity-cache.int.test.ts) that set this.
    SESSION_CACHE_SECONDS: '0',
    ...options.env,
  });
  const database = await openTestDatabase(options);
  const logLines: string[] = [];
  const log = pino(loggerOptions('info'), { write: (line: string) => void logLines.push(line) });
  // METRICS_PORT in `env` (0: any free port): the metrics and their listener, as main.ts starts them.
  const metrics = config.observability.metrics ? await createMetrics(database, log) : null;
  const deps = createAppDeps(config, database, log, {
    ...(options.now ? { now: options.now } : {}),
    metrics,
  });
  const app = await buildApp(deps, {
    trustProxy: true,
    verifyResponses: true,
    logger: { ...loggerOptions('info'), stream: { write: (line: string) => logLines.push(line) } },
  });
  if (options.startJobs) await deps.jobs.start({ work: false });
  await app.ready();
  const metricsListener =
    metrics && config.observability.metrics
      ? await startMetricsListener(metrics, config.observability.metrics, log)
      : null;
  return {
    app,
    deps: deps as Omit<AppDeps, 'log'>,
    db: deps.db,
    config,
    outboxDir: config.mail.outboxDir,
    /** Every log line written so far (app and services), for checks that nothing secret was logged. */
    logLines,
    /** The metrics listener's `/metrics` (with METRICS_PORT in `env`). */
    metricsUrl: metricsListener
      ? `http://${config.observability.metrics?.host}:${metricsListener.port}/metrics`
      : null,
    async close() {
      await metricsListener?.close();
      metrics?.close();
      await app.close();
      await deps.jobs.stop();
      await database.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test's database. On PostgreSQL every test file shares TEST_DATABASE_URL's migrated database,
 * so every test is written for a database that holds other tests' clinics. On PGlite the same holds
 * within one test worker: its files (run one after another, `isolate: false`) share one copy of the
 * migrated snapshot, opened once, instead of paying a PGlite start per file. A test that needs a
 * database of its own says so (`ownDatabase`, `dataDir`, `databaseUrl`).
 */
async function openTestDatabase(options: TestAppOptions): Promise<DatabaseHandle> {
  if (options.ownDatabase && !options.databaseUrl && process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, { migrate: true });
    const handle = await openDatabase({
      kind: 'postgres',
      url: scratch.url,
      max: 4,
      observeQuery: options.observeQuery,
    });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await scratch.drop();
      },
    };
  }
  const url = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  if (url) return openDatabase({ kind: 'postgres', url, max: 4, observeQuery: options.observeQuery });
  if (options.dataDir || options.ownDatabase) {
    const pgliteDir = options.dataDir ? path.join(options.dataDir, 'pglite') : undefined;
    return openPgliteCopy(pgliteDir, options.observeQuery);
  }
  workerPglite ??= openPgliteCopy(undefined, (sql, params) => currentObserver?.(sql, params));
  const shared = await workerPglite;
  currentObserver = options.observeQuery;
  return {
    ...shared,
    // The worker's database outlives the app: the next test file opens it again.
    close: async () => {
      if (currentObserver === options.observeQuery) currentObserver = undefined;
    },
  };
}

let workerPglite: Promise<DatabaseHandle> | undefined;
let currentObserver: QueryObserver | undefined;

function openPgliteCopy(
  pgliteDir: string | undefined,
  observeQuery?: QueryObserver,
): Promise<DatabaseHandle> {
  const snapshotPath = inject('pgliteSnapshotPath');
  if (!snapshotPath) throw new Error('No PGlite snapshot: is the global setup configured?');
  const blob = new Blob([fs.readFileSync(snapshotPath)]);
  return openDatabase({ kind: 'pglite', dataDir: pgliteDir, loadDataDir: blob, observeQuery });
}
