import pino from 'pino';
import { buildApp, loggerOptions } from './app';
import { createAppDeps } from './bootstrap';
import { InvalidEnvironmentError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError } from './db/data-dir-lock';
import { migrateDatabase } from './db/migrate';
import { logDestination } from './lib/log-destination';
import { saveStartupCodeCache } from './lib/startup-code-cache';
import { connectExistingDemoClinic, seedDemoIfEmpty } from './modules/demo/demo.service';
import { createMetrics } from './observability/metrics';
import { startMetricsListener } from './observability/metrics-listener';
import { loadTracingRuntime } from './observability/tracing-runtime';
import { startControlSocket } from './ops/control-socket';
import { dumpPglite } from './ops/pglite-archive';

/** config -> database -> migrate -> app -> workers -> listen; closes gracefully on SIGINT/SIGTERM. */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  // Started by dist/server.mjs before this module loaded (tracing-start.ts); here only its log ids.
  const tracing = config.observability.tracing ? await loadTracingRuntime() : null;
  const logging = loggerOptions(config.logLevel, tracing?.logMixin);
  const destination = logDestination();
  const log = pino(logging, destination);
  let releaseLock = () => {};
  if (config.database.kind === 'pglite') releaseLock = acquireDataDirLock(config.dataDir);

  const database = await openDatabase(
    config.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: `${config.dataDir}/pglite` }
      : {
          kind: 'postgres',
          url: config.database.url,
          onIdleConnectionError: (error) => log.warn({ err: error }, 'idle database connection ended'),
        },
  );
  await migrateDatabase(database);
  // `npm run backup` asks this process for the embedded database: only it may read it while it runs.
  const { pglite } = database;
  const controlSocket = pglite
    ? await startControlSocket(config.dataDir, { backup: () => dumpPglite(pglite) }).catch((error) => {
        log.warn({ err: error }, 'no control socket: `npm run backup` needs the server stopped');
        return null;
      })
    : null;
  const metrics = config.observability.metrics ? await createMetrics(database, log) : null;
  const deps = createAppDeps(config, database, log, { metrics, tracer: tracing?.tracer ?? null });
  // pg-boss's start is round trips to the database and building the routes is CPU: side by side.
  const [app] = await Promise.all([
    buildApp(deps, { logger: { ...logging, stream: destination } }),
    deps.jobs.start({ work: config.role !== 'web' }),
  ]);

  const demo = config.seedDemo ? await seedDemoIfEmpty(deps) : null;
  // A demo clinic seeded on an earlier start gets the sandboxes' webhooks again.
  if (!demo) await connectExistingDemoClinic(deps);
  if (config.role !== 'worker') await app.listen({ port: config.http.port, host: config.http.host });
  const metricsListener =
    metrics && config.observability.metrics
      ? await startMetricsListener(metrics, config.observability.metrics, log)
      : null;
  const readyMs = Math.round(performance.now() - startedAt);
  const codeCache = saveStartupCodeCache();
  log.info(
    {
      role: config.role,
      database: database.kind,
      readyMs,
      codeCache,
      ...(metricsListener ? { metricsPort: metricsListener.port } : {}),
      tracing: Boolean(tracing),
    },
    'CareLoop is ready',
  );
  // The start's lines at once, not with the next second's (lib/log-destination.ts).
  destination.flushSync();
  if (config.role !== 'worker') {
    console.log(`\n  CareLoop is running at ${config.http.publicUrl}`);
    if (demo) console.log(`  Demo clinic: sign in as ${demo.email} with password ${demo.password}\n`);
  }

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    // Requests in flight finish or roll back (an import stops at its next batch); whatever still
    // holds the process after 10 s is cut off: PostgreSQL rolls back an open transaction of a closed connection.
    setTimeout(() => {
      log.error({ signal }, 'shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
    await app.close().catch((error) => log.error({ err: error }, 'closing http'));
    await metricsListener?.close();
    await deps.jobs.stop().catch((error) => log.error({ err: error }, 'stopping jobs'));
    await deps.mailer.idle();
    metrics?.close();
    await tracing?.flush().catch((error) => log.error({ err: error }, 'sending the last spans'));
    await controlSocket?.close();
    await database.close().catch((error) => log.error({ err: error }, 'closing database'));
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof DataDirLockedError || error instanceof InvalidEnvironmentError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
