import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobContext } from '../jobs/job-definition';
import { createJobRunner, type JobRunner } from '../jobs/job-runner';
import { sendDueMessages } from '../modules/outbox/send-sweep.service';
import { buildClinic } from '../testing/build-user';
import { type ChannelSandboxes, startChannelSandboxes } from '../testing/channel-sandboxes';
import { addOutboxPatient, middayZone, queueMessage, smsReadyClinic } from '../testing/outbox-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';
import { runWithWorkOrigin } from './work-origin';

// The metrics listener (METRICS_PORT) after a request, a job and a message, on PGlite and
// PostgreSQL; the public port never serves them.

let t: TestApp;
let sandboxes: ChannelSandboxes;
const runners: JobRunner[] = [];
beforeAll(async () => {
  sandboxes = await startChannelSandboxes();
  t = await createTestApp({
    env: { ...sandboxes.env, METRICS_PORT: '0', SIGNED_IN_REQUESTS_PER_MINUTE: '30' },
  });
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await t?.close();
  await sandboxes?.close();
});

async function scrape(): Promise<string> {
  const response = await fetch(t.metricsUrl!);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one series, its labels matched exactly; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const found = (match[2] ?? '')
      .split(/,(?=[a-zA-Z_]\w*=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (found === wanted) return Number(match[3]);
  }
  return undefined;
}

describe('metrics listener', () => {
  it('is off the public port: /metrics there is a 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_request_duration_seconds');
  });

  it('answers only /metrics', async () => {
    const other = await fetch(t.metricsUrl!.replace(/\/metrics$/, '/api/health'));
    expect(other.status).toBe(404);
    const post = await fetch(t.metricsUrl!, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('times a request by its route template, method and status', async () => {
    const before = sample(await scrape(), 'http_request_duration_seconds_count', {
      route: '/api/health',
      method: 'GET',
      status: '200',
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const text = await scrape();
    const labels = { route: '/api/health', method: 'GET', status: '200' };
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe((before ?? 0) + 1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      (before ?? 0) + 1,
    );
    expect(sample(text, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
  });

  it('keeps the template, not the ids, and counts 429s as rate-limit refusals', async () => {
    const clinic = await buildClinic(t);
    let refused = 0;
    for (let i = 0; i < 35 && refused === 0; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/patients/P-${randomBytes(4).toString('hex')}`,
        headers: { cookie: clinic.owner.cookie },
      });
      if (response.statusCode === 429) refused += 1;
      else expect(response.statusCode).toBe(404);
    }
    expect(refused).toBe(1);
    const text = await scrape();
    expect(sample(text, 'rate_limit_refusals_total', { route: '/api/patients/:id' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/patients/:id',
        method: 'GET',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(30);
    expect(text).not.toMatch(/route="\/api\/patients\/P-/);
  });

  it('shows a queued message waiting, then the provider call that sent it', async () => {
    const clinic = await smsReadyClinic(t, middayZone());
    const patient = await addOutboxPatient(t, clinic.clinicId);
    await queueMessage(t, clinic.clinicId, patient.id, { scheduledAt: new Date(Date.now() - 120_000) });

    const waiting = await scrape();
    expect(
      sample(waiting, 'outbox_messages', { outbox: 'messages', state: 'queued_due' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(waiting, 'outbox_oldest_due_age_seconds', { outbox: 'messages' })).toBeGreaterThanOrEqual(
      100,
    );
    expect(
      sample(waiting, 'outbox_messages', { outbox: 'webhooks', state: 'pending_due' }),
    ).toBeGreaterThanOrEqual(0);
    const ok = { provider: 'twilio', outcome: 'ok' };
    const callsBefore = sample(waiting, 'provider_calls_total', ok) ?? 0;

    expect(await sendDueMessages(t.deps, { clinicIds: [clinic.clinicId] })).toMatchObject({ sent: 1 });
    const sent = await scrape();
    expect(sample(sent, 'provider_calls_total', ok)).toBe(callsBefore + 1);
    expect(sample(sent, 'provider_call_duration_seconds_count', ok)).toBeGreaterThanOrEqual(callsBefore + 1);
    expect(sample(sent, 'provider_call_duration_seconds_sum', ok)).toBeGreaterThan(0);
  });

  it('shows a job waiting in its queue, then its run, with the request that started it in its log', async () => {
    const jobName = `metrics-probe-${randomBytes(4).toString('hex')}`;
    const lines: object[] = [];
    const probe = defineJob({
      name: jobName,
      payload: z.object({ n: z.number() }),
      handle: async (payload, ctx) => ctx.log.info({ n: payload.n }, 'probe ran'),
    });
    const ctx: JobContext = {
      db: t.db,
      log: {
        info: (o, msg) => void lines.push({ ...o, msg }),
        error: (o, msg) => void lines.push({ ...o, msg }),
      },
      config: t.config,
      secretBox: t.deps.secretBox,
      mailer: t.deps.mailer,
      unsubscribeTokens: t.deps.unsubscribeTokens,
      surveyLinkTokens: t.deps.surveyLinkTokens,
      sendMany: async () => 0,
    };
    const sender = createJobRunner(t.deps.database, [probe], ctx, { metrics: t.deps.metrics });
    runners.push(sender);
    await sender.start({ work: false });
    const jobId = await runWithWorkOrigin({ reqId: 'req_probe_origin' }, () =>
      sender.send(jobName, { n: 7 }),
    );
    expect(jobId).toBeTruthy();

    const queued = await scrape();
    expect(sample(queued, 'job_queue_depth', { queue: jobName, state: 'due' })).toBe(1);
    expect(sample(queued, 'job_queue_oldest_age_seconds', { queue: jobName })).toBeGreaterThanOrEqual(0);

    const worker = createJobRunner(t.deps.database, [probe], ctx, { metrics: t.deps.metrics });
    runners.push(worker);
    await worker.start({ work: true });
    await expect
      .poll(async () => sample(await scrape(), 'job_runs_total', { job: jobName, outcome: 'completed' }), {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(1);
    const ran = await scrape();
    expect(sample(ran, 'job_duration_seconds_count', { job: jobName })).toBe(1);
    expect(sample(ran, 'job_queue_depth', { queue: jobName, state: 'due' }) ?? 0).toBe(0);
    expect(lines).toContainEqual({ job: jobName, jobId, reqId: 'req_probe_origin', n: 7, msg: 'probe ran' });
  });

  it('shows the database pool', async () => {
    const text = await scrape();
    if (t.deps.database.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'max' })).toBe(4);
      expect(sample(text, 'db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
    } else {
      // PGlite is one connection in the process.
      expect(sample(text, 'db_pool_connections', { state: 'max' })).toBe(1);
    }
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
  });

  it('serves every series the Grafana dashboard in docs/ reads', async () => {
    const dashboard = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../docs/grafana-dashboard.json'),
      'utf8',
    );
    const exprs = [...dashboard.matchAll(/"expr": "((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
    expect(exprs.length).toBeGreaterThanOrEqual(15);
    const read = new Set(
      exprs.flatMap((expr) =>
        [...expr.matchAll(/([a-z_][a-z0-9_]*)\{/g)].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, '')),
      ),
    );
    const served = new Set([...(await scrape()).matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]!));
    expect([...read].filter((name) => !served.has(name))).toEqual([]);
  });
});
