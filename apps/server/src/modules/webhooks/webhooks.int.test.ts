import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secrets, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { cleanupWebhookDeliveriesJob, deliverWebhooksJob } from '../../jobs/deliver-webhooks.job';
import { jobRegistry } from '../../jobs/registry';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../../testing/build-user';
import { readOutbox } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  buildWebhookEndpoint,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../testing/webhook-receiver';
import { deliverDueWebhooks } from './webhook-delivery.service';
import { emitWebhookEvents } from './webhook-events.service';
import { maxWebhookAttempts } from './webhook-retry';

let t: TestApp;
let receiver: WebhookReceiver;
let clinic: { clinicId: string; owner: SignedInUser };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The local receiver is exempt from the private-address check as written (127.0.0.1:port) only.
  t = await createTestApp({
    // Its sweeps deliver every clinic's due webhooks: on a database of its own, never another file's.
    ownDatabase: true,
    env: { WEBHOOK_ALLOWED_PRIVATE_TARGETS: `127.0.0.1:${receiver.port}` },
  });
  clinic = await buildClinic(t, { tier: 'professional' });
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const api = (
  user: SignedInUser,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: payload ? jsonHeaders({ cookie: user.cookie }) : { cookie: user.cookie },
    ...(payload ? { payload } : {}),
  });

let pathCount = 0;
const newPath = () => `/hooks/${++pathCount}`;

const reviewCreated = (reviewId = 'rev_9') =>
  ({ type: 'review.created', data: { review_id: reviewId, platform: 'trustpilot', rating: 2 } }) as const;

const deliveriesOf = (endpointId: string) =>
  t.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.clinicId, clinic.clinicId), eq(webhookDeliveries.endpointId, endpointId)),
    );

const sweepAt = (at: Date) => deliverDueWebhooks(t.deps, { now: () => at, random: () => 0 });

describe('webhook endpoints in settings', () => {
  it('shows the whsec_ secret once, keeps it encrypted in the vault and never returns or logs it', async () => {
    const path = newPath();
    const created = await api(clinic.owner, 'POST', '/api/settings/webhook-endpoints', {
      url: receiver.url(path),
      description: 'Practice system',
      events: ['patient.matched', 'review.created'],
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint.events).toEqual(['review.created', 'patient.matched']);
    expect(endpoint.status).toBe('active');

    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    const [sealed] = await t.db
      .select()
      .from(secrets)
      .where(and(eq(secrets.clinicId, clinic.clinicId), eq(secrets.name, row!.secretName)));
    expect(sealed!.ciphertext).not.toContain(endpoint.secret.slice(6, 20));

    const listed = await api(clinic.owner, 'GET', '/api/settings/webhook-endpoints');
    const patched = await api(clinic.owner, 'PATCH', `/api/settings/webhook-endpoints/${endpoint.id}`, {
      description: 'PMS',
    });
    const log = await api(clinic.owner, 'GET', `/api/settings/webhook-endpoints/${endpoint.id}/deliveries`);
    const secretsList = await api(clinic.owner, 'GET', '/api/secrets');
    for (const res of [listed, patched, log, secretsList]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(endpoint.secret);
      expect(res.body).not.toContain(endpoint.secret.slice(6));
    }
    expect(listed.json().items.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    expect(listed.json().items[0]).not.toHaveProperty('secret');
    expect(t.logLines.join('\n')).not.toContain(endpoint.secret.slice(6));
  });

  it('answers 403 to staff and below Professional', async () => {
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect((await api(staff, 'GET', '/api/settings/webhook-endpoints')).statusCode).toBe(403);
    const starter = await buildClinic(t);
    const res = await api(starter.owner, 'POST', '/api/settings/webhook-endpoints', {
      url: 'https://hooks.example.com/careloop',
      events: ['review.created'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PLAN_REQUIRED');
  });

  it("answers 404 to another clinic's owner on every endpoint and delivery id, and changes nothing", async () => {
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(newPath()));
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated()]);
    const [delivery] = await deliveriesOf(endpoint.id);
    const other = await buildClinic(t, { tier: 'professional' });
    const base = `/api/settings/webhook-endpoints/${endpoint.id}`;
    for (const [method, url, payload] of [
      ['PATCH', base, { enabled: false }],
      ['DELETE', base, undefined],
      ['GET', `${base}/deliveries`, undefined],
      ['POST', `${base}/deliveries/${delivery!.id}/replay`, undefined],
    ] as const) {
      const res = await api(other.owner, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const listed = await api(other.owner, 'GET', '/api/settings/webhook-endpoints');
    expect(listed.json().items).toEqual([]);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.status).toBe('active');
  });

  it('refuses private, loopback, link-local and unique-local targets, by literal address or by name', async () => {
    for (const url of [
      'http://10.0.0.1/hook',
      'http://192.168.1.10/hook',
      'http://172.16.5.4/hook',
      'http://127.0.0.1/hook',
      `http://127.0.0.1:${receiver.port + 1}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      `http://[::1]:${receiver.port}/hook`,
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      // A host name that resolves to 127.0.0.1: the allowance is for 127.0.0.1:port as written only.
      `http://localhost:${receiver.port}/hook`,
      'ftp://example.com/hook',
      'https://user:pass@example.com/hook',
    ]) {
      const res = await api(clinic.owner, 'POST', '/api/settings/webhook-endpoints', {
        url,
        events: ['review.created'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.details[0].field, url).toBe('url');
    }
    const listed = await api(clinic.owner, 'GET', '/api/settings/webhook-endpoints');
    expect(listed.json().items.some((e: { url: string }) => /10\.0|169\.254|\[|localhost/.test(e.url))).toBe(
      false,
    );
  });
});

describe('webhook delivery', () => {
  it('signs as Standard Webhooks: the standardwebhooks package verifies the spec payload', async () => {
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    // Emitted at the sweep's instant: emitted later (its own clock), it was not yet due when the
    // machine was slow enough for a millisecond to pass in between (failed once in CI).
    const at = new Date();
    await emitWebhookEvents(
      t.db,
      clinic.clinicId,
      [
        reviewCreated('rev_abc'),
        { type: 'patient.matched', data: { patient_id: 'pat_1', review_id: 'rev_abc', confidence: 0.92 } },
      ],
      at,
    );
    // patient.matched is not one of this endpoint's events.
    expect((await deliveriesOf(endpoint.id)).map((d) => d.eventType)).toEqual(['review.created']);
    await sweepAt(at);
    const [request] = receiver.requestsTo(path);
    expect(request?.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    const payload = new Webhook(endpoint.secret).verify(request!.body, {
      'webhook-id': String(request!.headers['webhook-id']),
      'webhook-timestamp': String(request!.headers['webhook-timestamp']),
      'webhook-signature': String(request!.headers['webhook-signature']),
    });
    expect(payload).toEqual({
      type: 'review.created',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      data: { review_id: 'rev_abc', platform: 'trustpilot', rating: 2 },
    });
    expect(String(request!.headers['webhook-id'])).toMatch(/^msg_/);
    // Another secret does not verify.
    expect(() =>
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(request!.body, {
        'webhook-id': String(request!.headers['webhook-id']),
        'webhook-timestamp': String(request!.headers['webhook-timestamp']),
        'webhook-signature': String(request!.headers['webhook-signature']),
      }),
    ).toThrow();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.status).toBe('succeeded');
    const log = (
      await api(clinic.owner, 'GET', `/api/settings/webhook-endpoints/${endpoint.id}/deliveries`)
    ).json();
    expect(log.attempts).toEqual([
      expect.objectContaining({
        statusCode: 200,
        isSuccess: true,
        trigger: 'scheduled',
        eventType: 'review.created',
      }),
    ]);
    expect(log.attempts[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it('retries a 500 on the schedule with the same webhook-id and a new timestamp, then succeeds', async () => {
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    receiver.script(path, { status: 500 }, { status: 503, headers: { 'retry-after': '120' } });
    const start = new Date();
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated()], start);
    await sweepAt(start);
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect((delivery!.nextAttemptAt!.getTime() - start.getTime()) / 1000).toBe(5);

    // Not due yet: nothing is sent.
    await sweepAt(new Date(start.getTime() + 2000));
    expect(receiver.requestsTo(path)).toHaveLength(1);

    const second = new Date(start.getTime() + 5000);
    await sweepAt(second);
    [delivery] = await deliveriesOf(endpoint.id);
    // The receiver asked for 120 s (Retry-After); the schedule's 5 minutes is longer and wins.
    expect((delivery!.nextAttemptAt!.getTime() - second.getTime()) / 1000).toBe(300);

    await sweepAt(delivery!.nextAttemptAt!);
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3 });
    const requests = receiver.requestsTo(path);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(requests.map((r) => r.headers['webhook-timestamp'])).size).toBe(3);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    const log = (
      await api(clinic.owner, 'GET', `/api/settings/webhook-endpoints/${endpoint.id}/deliveries`)
    ).json();
    expect(log.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([200, 503, 500]);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.failingSince).toBeNull();
  });

  it('does not follow redirects: a 3xx is a failed attempt and the redirect target gets nothing', async () => {
    const path = newPath();
    const target = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    receiver.answer(path, { status: 302, headers: { location: receiver.url(target) } });
    const at = new Date();
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated()], at);
    await sweepAt(at);
    expect(receiver.requestsTo(path)).toHaveLength(1);
    expect(receiver.requestsTo(target)).toHaveLength(0);
    const log = (
      await api(clinic.owner, 'GET', `/api/settings/webhook-endpoints/${endpoint.id}/deliveries`)
    ).json();
    expect(log.attempts[0]).toMatchObject({
      statusCode: 302,
      isSuccess: false,
      error: 'Redirect not followed',
    });
  });

  it('checks the address again at delivery time: a URL that now points at this machine is not called', async () => {
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    // As if the name had been re-pointed after the check at creation (DNS rebinding).
    await t.db
      .update(webhookEndpoints)
      .set({ url: `http://localhost:${receiver.port}${path}` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const at = new Date();
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated()], at);
    await sweepAt(at);
    expect(receiver.requestsTo(path)).toHaveLength(0);
    const log = (
      await api(clinic.owner, 'GET', `/api/settings/webhook-endpoints/${endpoint.id}/deliveries`)
    ).json();
    expect(log.attempts[0]).toMatchObject({
      statusCode: null,
      isSuccess: false,
      error: 'The URL points to a private, loopback or link-local address',
    });
  });

  it('replays a delivery now with the same webhook-id, recorded in the log as a replay', async () => {
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    const at = new Date();
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated()], at);
    await sweepAt(at);
    const [delivery] = await deliveriesOf(endpoint.id);
    const res = await api(
      clinic.owner,
      'POST',
      `/api/settings/webhook-endpoints/${endpoint.id}/deliveries/${delivery!.id}/replay`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ trigger: 'replay', isSuccess: true, statusCode: 200 });
    const requests = receiver.requestsTo(path);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers['webhook-id']).toBe(requests[0]!.headers['webhook-id']);
    expect(requests[1]!.body).toBe(requests[0]!.body);
    new Webhook(endpoint.secret).verify(requests[1]!.body, {
      'webhook-id': String(requests[1]!.headers['webhook-id']),
      'webhook-timestamp': String(requests[1]!.headers['webhook-timestamp']),
      'webhook-signature': String(requests[1]!.headers['webhook-signature']),
    });
  });

  it('disables an endpoint that fails every attempt for a day, mails the owners, and replays once it is back on', async () => {
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    receiver.answer(path, { status: 500 });
    let at = new Date();
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated()], at);
    for (let attempt = 1; attempt <= maxWebhookAttempts; attempt++) {
      await sweepAt(at);
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery!.attempts).toBe(attempt);
      if (delivery!.nextAttemptAt) at = delivery!.nextAttemptAt;
    }
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    const first = receiver.requestsTo(path)[0]!;
    const hours =
      (Number(receiver.requestsTo(path).at(-1)!.headers['webhook-timestamp']) -
        Number(first.headers['webhook-timestamp'])) /
      3600;
    expect(hours).toBeGreaterThan(24);
    expect(receiver.requestsTo(path)).toHaveLength(maxWebhookAttempts);

    const listed = (await api(clinic.owner, 'GET', '/api/settings/webhook-endpoints')).json();
    expect(listed.items.find((e: { id: string }) => e.id === endpoint.id)).toMatchObject({
      status: 'disabled',
      disabledReason: 'failing',
    });
    const mails = readOutbox(t.outboxDir, clinic.owner.email);
    const mail = mails.find((m) => m.includes(receiver.url(path)));
    expect(mail).toContain('Subject: CareLoop webhook endpoint disabled');
    expect(mail).toContain('/settings?tab=api');

    // Disabled: new events are not queued for it, and a replay is refused until it is back on.
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated()]);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    const replayUrl = `/api/settings/webhook-endpoints/${endpoint.id}/deliveries/${delivery!.id}/replay`;
    expect((await api(clinic.owner, 'POST', replayUrl)).statusCode).toBe(409);

    receiver.answer(path, { status: 204 });
    const enabled = await api(clinic.owner, 'PATCH', `/api/settings/webhook-endpoints/${endpoint.id}`, {
      enabled: true,
    });
    expect(enabled.json()).toMatchObject({ status: 'active', disabledReason: null, failingSince: null });
    const replayed = await api(clinic.owner, 'POST', replayUrl);
    expect(replayed.json()).toMatchObject({ isSuccess: true, statusCode: 204, trigger: 'replay' });
    const [after] = await deliveriesOf(endpoint.id);
    expect(after!.status).toBe('succeeded');
  });

  it('disables an endpoint at once on 410 Gone', async () => {
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    receiver.answer(path, { status: 410 });
    const at = new Date();
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated(), reviewCreated('rev_2')], at);
    await sweepAt(at);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.map((d) => d.status)).toEqual(['failed', 'failed']);
  });

  it('the deliver-webhooks job runs every minute, is registered, and sends what is due', async () => {
    expect(deliverWebhooksJob.schedule).toEqual({ cron: '* * * * *' });
    expect(jobRegistry.map((job) => job.name)).toEqual(
      expect.arrayContaining(['deliver-webhooks', 'cleanup-webhook-deliveries']),
    );
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated('rev_job')]);
    await deliverWebhooksJob.handle(
      { batchSize: 50, concurrency: 16, watchSeconds: 0 },
      { ...t.deps, log: { info: () => {}, error: () => {} }, sendMany: async () => 0 },
    );
    expect(receiver.requestsTo(path)).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id))[0]!.status).toBe('succeeded');
  });

  it('sends an event that commits while the run watches within seconds, and ends the watch when the process stops', async () => {
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    const stopping = new AbortController();
    let ended = false;
    const run = deliverWebhooksJob
      .handle(
        { batchSize: 50, concurrency: 16, watchSeconds: 50 },
        {
          ...t.deps,
          log: { info: () => {}, error: () => {} },
          sendMany: async () => 0,
          stopping: stopping.signal,
        },
      )
      .finally(() => {
        ended = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A run that did not watch would have found nothing due and ended by now.
    expect(ended).toBe(false);
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated('rev_watched')]);
    // The receiver answers before the run records the outcome: the record is what is waited for.
    await expect
      .poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, { timeout: 10_000 })
      .toBe('succeeded');
    expect(receiver.requestsTo(path)).toHaveLength(1);
    expect(ended).toBe(false);
    stopping.abort();
    // Well inside the 50 s it would otherwise watch.
    const outcome = await Promise.race([
      run.then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still watching'), 5_000)),
    ]);
    expect(outcome).toBe('ended');
  });

  it('keeps the delivery log 30 days: older finished deliveries go with their attempts, pending ones stay', async () => {
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    receiver.script(path, { status: 200 }, { status: 500 });
    const old = new Date(Date.now() - 31 * 86_400_000);
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated('rev_old')], old);
    await sweepAt(old);
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated('rev_old_pending')], old);
    await sweepAt(old); // 500: pending, retried later
    await emitWebhookEvents(t.db, clinic.clinicId, [reviewCreated('rev_new')]);
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status).sort()).toEqual([
      'pending',
      'pending',
      'succeeded',
    ]);
    await cleanupWebhookDeliveriesJob.handle(
      { retentionDays: 30 },
      {
        ...t.deps,
        log: { info: () => {}, error: () => {} },
        sendMany: async () => 0,
      },
    );
    const left = await deliveriesOf(endpoint.id);
    expect(left.map((d) => d.status)).toEqual(['pending', 'pending']);
    const log = (
      await api(clinic.owner, 'GET', `/api/settings/webhook-endpoints/${endpoint.id}/deliveries`)
    ).json();
    expect(log.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500]);
  });

  it('deleting an endpoint removes its signing secret from the vault', async () => {
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(newPath()));
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    const res = await api(clinic.owner, 'DELETE', `/api/settings/webhook-endpoints/${endpoint.id}`);
    expect(res.statusCode).toBe(200);
    const left = await t.db
      .select()
      .from(secrets)
      .where(and(eq(secrets.clinicId, clinic.clinicId), eq(secrets.name, row!.secretName)));
    expect(left).toEqual([]);
  });
});
