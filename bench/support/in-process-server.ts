import pino from 'pino';
import { buildApp, loggerOptions } from '../../apps/server/src/app';
import { createAppDeps } from '../../apps/server/src/bootstrap';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type QueryObserver } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { logDestination } from '../../apps/server/src/lib/log-destination';
import { signUpOwner } from '../../apps/server/src/plugins/auth/create-auth';
import type { BenchDatabase } from './bench-database';

/** The real app listening on a loopback port, on the given empty database, with one signed-in clinic owner. */
export async function startInProcessServer(
  database: BenchDatabase,
  port: number,
  options: { observeQuery?: QueryObserver } = {},
) {
  const config = loadConfig({
    ...database.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SEED_DEMO: 'false',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The load comes from one signed-in owner: the per-user brake would measure itself.
    SIGNED_IN_REQUESTS_PER_MINUTE: '1000000000',
  });
  const handle = await openDatabase({
    ...(config.database.kind === 'postgres'
      ? { kind: 'postgres' as const, url: config.database.url }
      : { kind: 'pglite' as const, dataDir: `${config.dataDir}/pglite` }),
    observeQuery: options.observeQuery,
  });
  await migrateDatabase(handle);
  const deps = createAppDeps(config, handle, pino({ level: 'warn' }));
  // Each request logged as production logs it (its one line at info, lib/log-destination.ts), to
  // /dev/null: what a line costs the process is measured, not the terminal's speed.
  const app = await buildApp(deps, {
    logger: {
      ...loggerOptions(config.logLevel),
      stream: logDestination('/dev/null'),
    },
  });
  await app.listen({ port, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;

  const email = `bench-${Date.now()}@bench.careloop.local`;
  const password = 'bench-password';
  const { user } = await signUpOwner(deps.auth, {
    email,
    password,
    firstName: 'Bench',
    lastName: 'Owner',
    practiceName: 'Bench Clinic',
  });
  const authContext = await deps.auth.$context;
  await authContext.internalAdapter.updateUser(user.id, { emailVerified: true });
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).json()) as {
    clinic: { id: string };
  };
  return {
    baseUrl,
    db: handle.db,
    /** The app's dependencies, for benches that call a service or job directly. */
    deps,
    kind: handle.kind,
    /** The embedded database when PGlite (one process owns it: a bare handler must share it). */
    pglite: handle.pglite,
    clinicId: me.clinic.id,
    cookie,
    close: async () => {
      await app.close();
      await deps.jobs.stop();
      await handle.close();
    },
  };
}
