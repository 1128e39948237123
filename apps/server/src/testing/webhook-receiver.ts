import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreatedWebhookEndpoint, WebhookEventType } from '@careloop/contracts/webhooks';
import { webhookEventTypes } from '@careloop/contracts/webhooks';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { webhookDeliveries } from '../db/schema';
import { deliverDueWebhooks } from '../modules/webhooks/webhook-delivery.service';
import { emitWebhookEvents } from '../modules/webhooks/webhook-events.service';
import { jsonHeaders, type SignedInUser } from './build-user';
import type { TestApp } from './test-app';

type ReceivedWebhook = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  receivedAt: number;
};

type Reply = { status: number; headers?: Record<string, string> };

/**
 * A real HTTP receiver on 127.0.0.1 for outbound webhook tests: records every request by path and
 * answers what the test scripted for that path (a queue of replies, then the default, 200).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const scripts = new Map<string, Reply[]>();
  const defaults = new Map<string, Reply>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      });
      const reply = scripts.get(path)?.shift() ?? defaults.get(path) ?? { status: 200 };
      response.writeHead(reply.status, reply.headers);
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** The next answers to requests on `path`, in order. */
    script(path: string, ...replies: Reply[]) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...replies]);
    },
    /** The answer once the script for `path` is used up. */
    answer(path: string, reply: Reply) {
      defaults.set(path, reply);
    },
    requestsTo: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** A webhook endpoint added in settings by a clinic manager, through HTTP (its secret as shown once). */
export async function buildWebhookEndpoint(
  t: TestApp,
  manager: SignedInUser,
  url: string,
  events: readonly WebhookEventType[] = webhookEventTypes,
): Promise<CreatedWebhookEndpoint> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/settings/webhook-endpoints',
    headers: jsonHeaders({ cookie: manager.cookie }),
    payload: { url, events },
  });
  if (res.statusCode !== 201) throw new Error(`webhook endpoint not created: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** An event as a receiver read it, its signature verified. */
export type VerifiedWebhookEvent = { type: WebhookEventType; data: Record<string, unknown> };

/**
 * An endpoint on `receiver`'s `path` subscribed to every event, added by `manager`; `received()`
 * delivers what is due and answers what the path got, each verified with the endpoint's secret.
 */
export async function subscribeToEveryEvent(
  t: TestApp,
  receiver: WebhookReceiver,
  manager: SignedInUser,
  path: string,
) {
  const endpoint = await buildWebhookEndpoint(t, manager, receiver.url(path));
  const received = async (): Promise<VerifiedWebhookEvent[]> => {
    await deliverDueWebhooks(t.deps);
    return receiver.requestsTo(path).map(
      (request) =>
        new Webhook(endpoint.secret).verify(request.body, {
          'webhook-id': String(request.headers['webhook-id']),
          'webhook-timestamp': String(request.headers['webhook-timestamp']),
          'webhook-signature': String(request.headers['webhook-signature']),
        }) as VerifiedWebhookEvent,
    );
  };
  return { endpoint, received };
}

/** A pending delivery of a `review.created` event to the endpoint (emitted as ingestion does). */
export async function buildWebhookDelivery(t: TestApp, clinicId: string, endpointId: string) {
  await emitWebhookEvents(t.db, clinicId, [
    { type: 'review.created', data: { review_id: 'rev_built', platform: 'trustpilot', rating: 2 } },
  ]);
  const [delivery] = await t.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.clinicId, clinicId), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1);
  if (!delivery) throw new Error('no delivery queued for the endpoint');
  return delivery;
}
