import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { journeyHangGuard } from '../../vitest.timeouts.ts';
import { createWorkerDatabases } from './worker-databases';
import { e2eWorkers } from './workers';

/** One server of the run, as a spec file sees it (`thisServer()` in support/server.ts). */
export type E2eServer = {
  baseUrl: string;
  outboxDir: string;
  /** The port of 127.0.0.1 a spec's webhook receiver listens on (WEBHOOK_ALLOWED_PRIVATE_TARGETS). */
  webhookReceiverPort: number;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker: a worker's spec files, one after another, use its own. */
    servers: E2eServer[];
    /** Where the server mails leads (SALES_EMAIL). */
    salesEmail: string;
    /** The one operator of this run's servers (OPERATOR_EMAILS); no account has it yet. */
    operatorEmail: string;
    /** A second operator (OPERATOR_EMAILS), who sets the plans sales arranged (Enterprise); no account yet. */
    planOperatorEmail: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the real servers as production runs them (the compiled server, the built web app, demo clinic
 * seeded), one per test worker, each on a free port and a fresh data folder: spec files that change
 * the demo clinic never share a server with another file running at the same time.
 */
export default async function setup(project: TestProject) {
  for (const built of ['apps/web/dist/index.html', 'apps/server/dist/server.mjs']) {
    if (!fs.existsSync(path.join(root, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (npm run test:e2e does).`);
    }
  }
  // E2E_PORT: a first port of one's own where several people run specs on one machine. Otherwise a
  // block of e2eWorkers ports from 3900-3999 (receivers 100 above), drawn whole, so two runs on
  // one machine take distinct blocks or the same one (and the second fails at once, port in use).
  const blocks = Math.floor(100 / e2eWorkers);
  const firstPort = Number(process.env.E2E_PORT) || 3900 + e2eWorkers * Math.floor(Math.random() * blocks);
  const salesEmail = 'sales@test.careloop.local';
  // Its own per run: a shared PostgreSQL keeps the accounts of earlier runs.
  const operatorEmail = `operator-${randomBytes(4).toString('hex')}@test.careloop.local`;
  const planOperatorEmail = `plan-operator-${randomBytes(4).toString('hex')}@test.careloop.local`;
  if (process.env.E2E_DATABASE_URL && e2eWorkers > 1) {
    throw new Error('E2E_DATABASE_URL holds one database: run it with E2E_WORKERS=1');
  }
  // E2E_POSTGRES_URL: a PostgreSQL server on which each worker's server gets a new database of its
  // own, dropped at the end (the embedded database, the default, runs in each server's process).
  const databases = process.env.E2E_POSTGRES_URL
    ? await createWorkerDatabases(process.env.E2E_POSTGRES_URL, e2eWorkers)
    : null;
  // E2E_WEBHOOK_RECEIVER_PORT: the first receiver port, where port + 100 is another person's server.
  const firstReceiverPort = Number(process.env.E2E_WEBHOOK_RECEIVER_PORT) || undefined;
  const started = await Promise.all(
    Array.from({ length: e2eWorkers }, (_, index) =>
      startServer({
        port: firstPort + index,
        ...(firstReceiverPort ? { webhookReceiverPort: firstReceiverPort + index } : {}),
        salesEmail,
        operatorEmails: [operatorEmail, planOperatorEmail],
        databaseUrl: databases?.urls[index] ?? process.env.E2E_DATABASE_URL,
      }),
    ),
  );
  project.provide(
    'servers',
    started.map(({ server }) => server),
  );
  project.provide('salesEmail', salesEmail);
  project.provide('operatorEmail', operatorEmail);
  project.provide('planOperatorEmail', planOperatorEmail);
  return async () => {
    await Promise.all(started.map(({ stop }) => stop()));
    await databases?.drop();
  };
}

async function startServer(options: {
  port: number;
  webhookReceiverPort?: number;
  salesEmail: string;
  operatorEmails: string[];
  databaseUrl?: string | undefined;
}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-e2e-'));
  const { port } = options;
  const baseUrl = `http://127.0.0.1:${port}`;
  // A spec's own webhook receiver listens here: the one private target the server may deliver to.
  const webhookReceiverPort = options.webhookReceiverPort ?? port + 100;
  // A server left running on the port by an interrupted run would answer /api/ready in this one's
  // place, with another outbox: its mails would never be found.
  await assertPortFree(port);
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Each browser context sends its own X-Forwarded-For, so rate limits are per test, as per user.
      TRUST_PROXY: 'true',
      SALES_EMAIL: options.salesEmail,
      // Some public contacts set, the rest left unset: the pages must hydrate with both.
      SECURITY_EMAIL: 'security@careloop-e2e.test',
      CONTACT_PHONE: '+34912345678',
      SOCIAL_X_URL: 'https://x.com/careloop-e2e',
      OPERATOR_EMAILS: options.operatorEmails.join(','),
      WEBHOOK_ALLOWED_PRIVATE_TARGETS: `127.0.0.1:${webhookReceiverPort}`,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(`${baseUrl}/api/ready`, child);
  return {
    server: { baseUrl, outboxDir: path.join(dataDir, 'outbox'), webhookReceiverPort } satisfies E2eServer,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForReady(url: string, server: ChildProcess) {
  // A guard against a hang, not a speed budget: the same limit as every other set-up (a loaded
  // 2-core machine once took over 90 s to start the server).
  const deadline = Date.now() + journeyHangGuard.hookTimeout;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not become ready within ${journeyHangGuard.hookTimeout / 1000} s`);
}

function assertPortFree(port: number) {
  return new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} is taken: is a server of an earlier run still up?`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
