import { webhookEventExamples } from '@careloop/contracts/webhook-events';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secrets, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { signWebhook } from '../../integrations/webhooks/standard-webhooks';
import { buildClinic, buildMember, jsonHeaders, type SignedInUser } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  buildWebhookEndpoint,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../testing/webhook-receiver';
import { deliverDueWebhooks } from './webhook-delivery.service';
import { emitWebhookEvents } from './webhook-events.service';

const hourMs = 3_600_000;
let clock = Date.now();
let t: TestApp;
let receiver: WebhookReceiver;
let clinic: { clinicId: string; owner: SignedInUser };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({
    // Its sweeps deliver every clinic's due webhooks: on a database of its own, never another file's.
    ownDatabase: true,
    now: () => clock,
    env: { WEBHOOK_ALLOWED_PRIVATE_TARGETS: `127.0.0.1:${receiver.port}` },
  });
  clinic = await buildClinic(t, { tier: 'professional' });
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const post = (user: SignedInUser, url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: payload
      ? jsonHeaders({ cookie: user.cookie })
      : { cookie: user.cookie, origin: jsonHeaders().origin },
    ...(payload ? { payload } : {}),
  });

let pathCount = 0;
const newPath = () => `/rotation/${++pathCount}`;

/** The signatures of a request, as the receiver got them. */
const signaturesOf = (request: { headers: Record<string, unknown> }) =>
  String(request.headers['webhook-signature']).split(' ');

const expectedSignature = (secret: string, request: { headers: Record<string, unknown>; body: string }) =>
  signWebhook({
    secret,
    id: String(request.headers['webhook-id']),
    timestamp: Number(request.headers['webhook-timestamp']),
    body: request.body,
  });

describe('webhook signing secret rotation', () => {
  it('signs with both secrets for 24 hours, then with the new one alone', async () => {
    clock = Date.now();
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    const rotated = await post(clinic.owner, `/api/settings/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const newSecret: string = rotated.json().secret;
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(endpoint.secret);
    expect(rotated.json().previousSecretExpiresAt).toBe(new Date(clock + 24 * hourMs).toISOString());

    // The list shows until when both are valid, never a secret.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/settings/webhook-endpoints',
      headers: { cookie: clinic.owner.cookie },
    });
    const listed = list.json().items.find((item: { id: string }) => item.id === endpoint.id);
    expect(listed.previousSecretExpiresAt).toBe(rotated.json().previousSecretExpiresAt);
    expect(list.body).not.toContain(newSecret);
    expect(list.body).not.toContain(endpoint.secret);

    // Within the day: two signatures, and a receiver holding either secret accepts the delivery.
    await emitWebhookEvents(
      t.db,
      clinic.clinicId,
      [{ type: 'review.created', data: webhookEventExamples['review.created'] }],
      new Date(clock),
    );
    await deliverDueWebhooks(t.deps, { now: () => new Date(clock), random: () => 0 });
    const [within] = receiver.requestsTo(path);
    expect(within).toBeDefined();
    expect(signaturesOf(within!)).toHaveLength(2);
    for (const secret of [endpoint.secret, newSecret]) {
      expect(() =>
        new Webhook(secret).verify(within!.body, within!.headers as Record<string, string>),
      ).not.toThrow();
    }

    // After it: the new secret's signature alone.
    const later = new Date(clock + 24 * hourMs + 1000);
    await emitWebhookEvents(
      t.db,
      clinic.clinicId,
      [{ type: 'review.created', data: webhookEventExamples['review.created'] }],
      later,
    );
    await deliverDueWebhooks(t.deps, { now: () => later, random: () => 0 });
    const after = receiver.requestsTo(path)[1];
    expect(after).toBeDefined();
    expect(signaturesOf(after!)).toEqual([expectedSignature(newSecret, after!)]);
  });

  it('keeps the replaced secret encrypted in the vault, and drops both with the endpoint', async () => {
    clock = Date.now();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(newPath()));
    await post(clinic.owner, `/api/settings/webhook-endpoints/${endpoint.id}/rotate-secret`);
    const names = async () =>
      (await t.db.select().from(secrets).where(eq(secrets.clinicId, clinic.clinicId)))
        .filter((row) => row.name.includes(endpoint.id))
        .map((row) => ({ name: row.name, isPlain: JSON.stringify(row).includes(endpoint.secret) }));
    expect(await names()).toEqual(
      expect.arrayContaining([
        { name: `WEBHOOK_SECRET_${endpoint.id}`, isPlain: false },
        { name: `WEBHOOK_SECRET_${endpoint.id}_PREVIOUS`, isPlain: false },
      ]),
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/settings/webhook-endpoints/${endpoint.id}`,
      headers: { cookie: clinic.owner.cookie, origin: jsonHeaders().origin },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await names()).toEqual([]);
  });

  it("is a manager's act, and another clinic's endpoint is a 404 with nothing changed", async () => {
    clock = Date.now();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(newPath()));
    const staff = await buildMember(t, clinic.clinicId, 'staff');
    expect(
      (await post(staff, `/api/settings/webhook-endpoints/${endpoint.id}/rotate-secret`)).statusCode,
    ).toBe(403);
    const other = await buildClinic(t, { tier: 'professional' });
    const res = await post(other.owner, `/api/settings/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(res.statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.clinicId, clinic.clinicId), eq(webhookEndpoints.id, endpoint.id)));
    expect(row?.previousSecretName).toBeNull();
  });
});

describe('send test event', () => {
  it("sends the endpoint's first event's example, signed, once, and logs it as a test", async () => {
    clock = Date.now();
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), [
      'case.created',
      'message.failed',
    ]);
    const res = await post(clinic.owner, `/api/settings/webhook-endpoints/${endpoint.id}/test`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      eventType: 'case.created',
      trigger: 'test',
      isSuccess: true,
      statusCode: 200,
    });
    const [request] = receiver.requestsTo(path);
    expect(() =>
      new Webhook(endpoint.secret).verify(request!.body, request!.headers as Record<string, string>),
    ).not.toThrow();
    expect(JSON.parse(request!.body)).toEqual({
      type: 'case.created',
      timestamp: new Date(clock).toISOString(),
      data: webhookEventExamples['case.created'],
    });
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/settings/webhook-endpoints/${endpoint.id}/deliveries`,
      headers: { cookie: clinic.owner.cookie },
    });
    expect(log.json().attempts.map((a: { trigger: string }) => a.trigger)).toEqual(['test']);
    expect(log.json().deliveries.map((d: { status: string }) => d.status)).toEqual(['succeeded']);
  });

  it('takes a POST with no body, as the settings screen sends it', async () => {
    clock = Date.now();
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['consent.changed']);
    const res = await post(clinic.owner, `/api/settings/webhook-endpoints/${endpoint.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ eventType: 'consent.changed', isSuccess: true });
    expect(receiver.requestsTo(path)).toHaveLength(1);
  });

  it('sends the event asked for; a failure is logged, never retried, and does not mark the endpoint failing', async () => {
    clock = Date.now();
    const path = newPath();
    receiver.answer(path, { status: 500 });
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    const res = await post(clinic.owner, `/api/settings/webhook-endpoints/${endpoint.id}/test`, {
      type: 'survey.answered',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ eventType: 'survey.answered', isSuccess: false, statusCode: 500 });
    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.clinicId, clinic.clinicId), eq(webhookDeliveries.endpointId, endpoint.id)),
      );
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    await deliverDueWebhooks(t.deps, { now: () => new Date(clock + hourMs), random: () => 0 });
    expect(receiver.requestsTo(path)).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.clinicId, clinic.clinicId), eq(webhookEndpoints.id, endpoint.id)));
    expect(row).toMatchObject({ status: 'active', failingSince: null });
  });

  it('refuses an unknown event type and another clinic’s endpoint, storing nothing', async () => {
    clock = Date.now();
    const path = newPath();
    const endpoint = await buildWebhookEndpoint(t, clinic.owner, receiver.url(path), ['review.created']);
    const unknown = await post(clinic.owner, `/api/settings/webhook-endpoints/${endpoint.id}/test`, {
      type: 'review.deleted',
    });
    expect(unknown.statusCode).toBe(400);
    const other = await buildClinic(t, { tier: 'professional' });
    const foreign = await post(other.owner, `/api/settings/webhook-endpoints/${endpoint.id}/test`, {});
    expect(foreign.statusCode).toBe(404);
    const stored = await t.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.clinicId, clinic.clinicId), eq(webhookDeliveries.endpointId, endpoint.id)),
      );
    expect(stored).toEqual([]);
    expect(receiver.requestsTo(path)).toEqual([]);
  });
});
