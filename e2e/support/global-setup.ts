import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    /** Where the server mails leads (SALES_EMAIL). */
    salesEmail: string;
    /** The one operator of this run's server (OPERATOR_EMAILS); no account has it yet. */
    operatorEmail: string;
    /** A second operator (OPERATOR_EMAILS), who sets the plans sales arranged (Enterprise); no account yet. */
    planOperatorEmail: string;
    /** The port of 127.0.0.1 a spec's webhook receiver listens on (WEBHOOK_ALLOWED_PRIVATE_TARGETS). */
    webhookReceiverPort: number;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the real server as production runs it (the compiled server, the built web app, demo clinic
 * seeded) on a free port and a fresh data folder.
 */
export default async function setup(project: TestProject) {
  for (const built of ['apps/web/dist/index.html', 'apps/server/dist/server.mjs']) {
    if (!fs.existsSync(path.join(root, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (npm run test:e2e does).`);
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careloop-e2e-'));
  // E2E_PORT: a port of one's own where several people run specs on one machine.
  const port = Number(process.env.E2E_PORT) || 3900 + Math.floor(Math.random() * 90);
  const baseUrl = `http://127.0.0.1:${port}`;
  const salesEmail = 'sales@test.careloop.local';
  // Its own per run: a shared PostgreSQL (E2E_DATABASE_URL) keeps the accounts of earlier runs.
  const operatorEmail = `operator-${randomBytes(4).toString('hex')}@test.careloop.local`;
  const planOperatorEmail = `plan-operator-${randomBytes(4).toString('hex')}@test.careloop.local`;
  // A spec's own webhook receiver listens here: the one private target the server may deliver to.
  const webhookReceiverPort = port + 100;
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.mjs')], {
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
      SALES_EMAIL: salesEmail,
      OPERATOR_EMAILS: `${operatorEmail},${planOperatorEmail}`,
      WEBHOOK_ALLOWED_PRIVATE_TARGETS: `127.0.0.1:${webhookReceiverPort}`,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(`${baseUrl}/api/ready`, server);
  project.provide('baseUrl', baseUrl);
  project.provide('outboxDir', path.join(dataDir, 'outbox'));
  project.provide('salesEmail', salesEmail);
  project.provide('operatorEmail', operatorEmail);
  project.provide('planOperatorEmail', planOperatorEmail);
  project.provide('webhookReceiverPort', webhookReceiverPort);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function waitForReady(url: string, server: ChildProcess) {
  const deadline = Date.now() + 90_000;
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
  throw new Error('the server did not become ready within 90 s');
}
