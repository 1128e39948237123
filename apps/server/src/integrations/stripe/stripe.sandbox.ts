import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { postSandboxWebhook, trackSandboxWork } from '../http/sandbox-webhooks';
import { stripeSignatureHeader } from './stripe.webhook';

// A wire-compatible Stripe Billing fake (providers.md §11): the API routes the client calls, a
// hosted Checkout page whose "Pay" completes the session and POSTs the signed webhooks, and a
// customer portal listing invoices with "Cancel subscription" (at the period's end, Stripe's default,
// with "Renew subscription" until then). Monthly periods: when the fake's clock passes a period's end,
// the next request renews it (invoice.paid, customer.subscription.updated) or ends a cancelled one
// (customer.subscription.deleted), as Stripe's own timer would have. What it checks: the Bearer secret
// key, form-encoded bodies with bracketed keys, required fields, known customers and prices,
// Idempotency-Key (same key and body: the first answer; another body: idempotency_error).

type StripeSandboxPrice = { id: string; productName: string; unitAmount: number };
type StripeSandboxCustomer = {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
};
export type StripeSandboxSession = {
  id: string;
  customer: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  status: 'open' | 'complete';
  subscription: string | null;
};
export type StripeSandboxSubscription = {
  id: string;
  customer: string;
  status: 'active' | 'canceled';
  itemId: string;
  priceId: string;
  metadata: Record<string, string>;
  created: number;
  /** Unix seconds; monthly periods from the creation day. */
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
};
type StripeSandboxInvoice = {
  id: string;
  customer: string;
  subscription: string;
  amountPaid: number;
  status: 'paid';
  created: number;
};
type StripeSandboxPortal = { id: string; customer: string; returnUrl: string };

export type StripeSandboxState = {
  secretKeys: Set<string>;
  /** Where events are POSTed, each signed with its endpoint's secret (the dashboard's webhook endpoints). */
  webhookEndpoints: { url: string; secret: string }[];
  prices: Map<string, StripeSandboxPrice>;
  customers: Map<string, StripeSandboxCustomer>;
  sessions: Map<string, StripeSandboxSession>;
  subscriptions: Map<string, StripeSandboxSubscription>;
  invoices: StripeSandboxInvoice[];
  portals: Map<string, StripeSandboxPortal>;
  idempotency: Map<string, { fingerprint: string; status: number; body: unknown }>;
  events: { id: string; type: string }[];
  deliveries: { url: string; eventId: string; status: number }[];
  pending: Set<Promise<void>>;
  now: () => Date;
};

/** The sandbox's keys and prices (not secrets: they open only this fake). */
export const stripeSandboxDemo = {
  secretKey: 'sk_test_careloop_sandbox_0000000000',
  webhookSecret: 'whsec_careloop_sandbox_0000000000',
  prices: { professional: 'price_careloop_professional' },
} as const;

function createStripeSandboxState(): StripeSandboxState {
  return {
    secretKeys: new Set(),
    webhookEndpoints: [],
    prices: new Map(),
    customers: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    invoices: [],
    portals: new Map(),
    idempotency: new Map(),
    events: [],
    deliveries: [],
    pending: new Set(),
    now: () => new Date(),
  };
}

/**
 * The demo account, its Professional price set up as an operator would set it in Stripe's
 * dashboard: from what the product sells (the caller passes the plan's price; this fake knows no
 * plans).
 */
export function createDemoStripeSandboxState(professional: {
  productName: string;
  unitAmount: number;
}): StripeSandboxState {
  const state = createStripeSandboxState();
  state.secretKeys.add(stripeSandboxDemo.secretKey);
  state.prices.set(stripeSandboxDemo.prices.professional, {
    id: stripeSandboxDemo.prices.professional,
    ...professional,
  });
  return state;
}

const newStripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const unix = (state: StripeSandboxState) => Math.floor(state.now().getTime() / 1000);

/**
 * The end of the monthly period starting at `from`, on the billing anchor's day and time (Stripe's
 * billing_cycle_anchor): the 31st bills on the 28th in February and on the 31st again in March.
 */
function periodEndAfter(anchorSeconds: number, fromSeconds: number): number {
  const anchor = new Date(anchorSeconds * 1000);
  const from = new Date(fromSeconds * 1000);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return (
    Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds()) / 1000
  );
}

type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error';
const stripeError = (
  reply: FastifyReply,
  status: number,
  type: StripeErrorType,
  message: string,
  param?: string,
) => reply.status(status).send({ error: { type, message, ...(param ? { param } : {}) } });

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** `metadata[key]=value` fields of a form, as an object. */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

const subscriptionJson = (sub: StripeSandboxSubscription, state: StripeSandboxState) => ({
  id: sub.id,
  object: 'subscription',
  customer: sub.customer,
  status: sub.status,
  created: sub.created,
  cancel_at_period_end: sub.cancelAtPeriodEnd,
  cancel_at: sub.cancelAtPeriodEnd ? sub.currentPeriodEnd : null,
  canceled_at: sub.canceledAt,
  ended_at: sub.endedAt,
  metadata: sub.metadata,
  items: {
    object: 'list',
    data: [
      {
        id: sub.itemId,
        object: 'subscription_item',
        current_period_start: sub.currentPeriodStart,
        current_period_end: sub.currentPeriodEnd,
        price: {
          id: sub.priceId,
          object: 'price',
          unit_amount: state.prices.get(sub.priceId)?.unitAmount ?? null,
        },
      },
    ],
  },
});

const sessionJson = (session: StripeSandboxSession, url: string) => ({
  id: session.id,
  object: 'checkout.session',
  mode: 'subscription',
  url: session.status === 'open' ? url : null,
  status: session.status,
  customer: session.customer,
  subscription: session.subscription,
  client_reference_id: session.clientReferenceId,
  success_url: session.successUrl,
  cancel_url: session.cancelUrl,
  metadata: session.metadata,
});

/** Signs and POSTs an event to every endpoint; resolves when each has answered. */
export async function emitStripeEvent(
  state: StripeSandboxState,
  type: string,
  object: unknown,
): Promise<string> {
  const event = {
    id: newStripeId('evt'),
    object: 'event',
    api_version: '2025-10-29.clover',
    created: unix(state),
    livemode: false,
    type,
    data: { object },
  };
  state.events.push({ id: event.id, type });
  const body = JSON.stringify(event);
  await Promise.all(
    state.webhookEndpoints.map((endpoint) =>
      postSandboxWebhook(
        state,
        {
          url: endpoint.url,
          headers: {
            'content-type': 'application/json',
            'stripe-signature': stripeSignatureHeader(endpoint.secret, unix(state), body),
          },
          body,
        },
        (status) => state.deliveries.push({ url: endpoint.url, eventId: event.id, status }),
      ),
    ),
  );
  return event.id;
}

function invoiceFor(state: StripeSandboxState, sub: StripeSandboxSubscription): StripeSandboxInvoice {
  const invoice: StripeSandboxInvoice = {
    id: newStripeId('in'),
    customer: sub.customer,
    subscription: sub.id,
    amountPaid: state.prices.get(sub.priceId)?.unitAmount ?? 0,
    status: 'paid',
    created: sub.currentPeriodStart,
  };
  state.invoices.push(invoice);
  return invoice;
}

const invoiceJson = (invoice: StripeSandboxInvoice) => ({
  id: invoice.id,
  object: 'invoice',
  customer: invoice.customer,
  subscription: invoice.subscription,
  amount_paid: invoice.amountPaid,
  status: invoice.status,
  created: invoice.created,
});

/**
 * What Stripe does when the clock passes a period's end: a subscription cancelled at the period's
 * end ends (customer.subscription.deleted); another renews for a month, invoiced. State changes at
 * once; the events go out one after another, tracked so a test can flush them.
 */
function settleStripeSandboxPeriods(state: StripeSandboxState): void {
  const now = unix(state);
  const events: { type: string; object: unknown }[] = [];
  for (const sub of state.subscriptions.values()) {
    if (sub.status !== 'active') continue;
    if (sub.cancelAtPeriodEnd && sub.currentPeriodEnd <= now) {
      sub.status = 'canceled';
      sub.canceledAt = sub.canceledAt ?? sub.currentPeriodEnd;
      sub.endedAt = sub.currentPeriodEnd;
      events.push({ type: 'customer.subscription.deleted', object: subscriptionJson(sub, state) });
      continue;
    }
    let renewed = false;
    while (!sub.cancelAtPeriodEnd && sub.currentPeriodEnd <= now) {
      sub.currentPeriodStart = sub.currentPeriodEnd;
      sub.currentPeriodEnd = periodEndAfter(sub.created, sub.currentPeriodStart);
      events.push({ type: 'invoice.paid', object: invoiceJson(invoiceFor(state, sub)) });
      renewed = true;
    }
    if (renewed) events.push({ type: 'customer.subscription.updated', object: subscriptionJson(sub, state) });
  }
  if (events.length === 0) return;
  trackSandboxWork(
    state,
    (async () => {
      for (const event of events) await emitStripeEvent(state, event.type, event.object);
    })(),
  );
}

/** The portal's "Cancel subscription" and "Renew subscription", and the API's cancel_at_period_end. */
async function setCancelAtPeriodEnd(
  state: StripeSandboxState,
  sub: StripeSandboxSubscription,
  cancelAtPeriodEnd: boolean,
) {
  if (sub.cancelAtPeriodEnd === cancelAtPeriodEnd) return;
  sub.cancelAtPeriodEnd = cancelAtPeriodEnd;
  sub.canceledAt = cancelAtPeriodEnd ? unix(state) : null;
  await emitStripeEvent(state, 'customer.subscription.updated', subscriptionJson(sub, state));
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function stripeSandbox(state: StripeSandboxState) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        const form: Record<string, string> = {};
        for (const [key, value] of new URLSearchParams(String(body))) form[key] = value;
        done(null, form);
      },
    );
    const publicBase = (request: FastifyRequest) =>
      `${request.protocol}://${request.headers.host}${app.prefix}`;

    /** The API's checks, in Stripe's order: key, then idempotency, then the handler. */
    const api =
      (handler: (request: FastifyRequest, form: Record<string, string>, reply: FastifyReply) => unknown) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        settleStripeSandboxPeriods(state);
        const auth = request.headers.authorization ?? '';
        const key = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
        if (!state.secretKeys.has(key)) {
          return stripeError(reply, 401, 'invalid_request_error', 'Invalid API Key provided');
        }
        const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
          string,
          string
        >;
        const idempotencyKey = request.headers['idempotency-key'];
        if (request.method === 'POST' && typeof idempotencyKey === 'string' && idempotencyKey) {
          const fingerprint = createHash('sha256')
            .update(`${request.url}\n${JSON.stringify(form)}`)
            .digest('hex');
          const seen = state.idempotency.get(`${key}:${idempotencyKey}`);
          if (seen) {
            if (seen.fingerprint !== fingerprint) {
              return stripeError(
                reply,
                400,
                'idempotency_error',
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              );
            }
            return reply.status(seen.status).header('idempotent-replayed', 'true').send(seen.body);
          }
          const body = await handler(request, form, reply);
          state.idempotency.set(`${key}:${idempotencyKey}`, { fingerprint, status: reply.statusCode, body });
          return body;
        }
        return handler(request, form, reply);
      };

    const required = (reply: FastifyReply, form: Record<string, string>, names: string[]) => {
      const missing = names.find((name) => !form[name]);
      if (missing)
        stripeError(reply, 400, 'invalid_request_error', `Missing required param: ${missing}.`, missing);
      return missing === undefined;
    };

    app.post(
      '/v1/customers',
      api((_request, form) => {
        const customer: StripeSandboxCustomer = {
          id: newStripeId('cus'),
          email: form.email ?? null,
          name: form.name ?? null,
          metadata: nested(form, 'metadata'),
        };
        state.customers.set(customer.id, customer);
        return {
          id: customer.id,
          object: 'customer',
          email: customer.email,
          name: customer.name,
          metadata: customer.metadata,
        };
      }),
    );

    app.post(
      '/v1/checkout/sessions',
      api((request, form, reply) => {
        if (!required(reply, form, ['mode', 'success_url', 'cancel_url', 'line_items[0][price]']))
          return reply;
        if (form.mode !== 'subscription') {
          return stripeError(
            reply,
            400,
            'invalid_request_error',
            'This fake supports mode=subscription only.',
            'mode',
          );
        }
        if (!form.customer || !state.customers.has(form.customer)) {
          return stripeError(
            reply,
            400,
            'invalid_request_error',
            `No such customer: '${form.customer ?? ''}'`,
            'customer',
          );
        }
        const priceId = form['line_items[0][price]']!;
        if (!state.prices.has(priceId)) {
          return stripeError(
            reply,
            400,
            'invalid_request_error',
            `No such price: '${priceId}'`,
            'line_items[0][price]',
          );
        }
        if ((form['line_items[0][quantity]'] ?? '1') !== '1') {
          return stripeError(
            reply,
            400,
            'invalid_request_error',
            'Quantity must be 1 for this price.',
            'line_items[0][quantity]',
          );
        }
        const session: StripeSandboxSession = {
          id: newStripeId('cs_test'),
          customer: form.customer,
          priceId,
          successUrl: form.success_url!,
          cancelUrl: form.cancel_url!,
          clientReferenceId: form.client_reference_id ?? null,
          metadata: nested(form, 'metadata'),
          subscriptionMetadata: nested(form, 'subscription_data[metadata]'),
          status: 'open',
          subscription: null,
        };
        state.sessions.set(session.id, session);
        return sessionJson(session, `${publicBase(request)}/checkout/${session.id}`);
      }),
    );

    app.post(
      '/v1/billing_portal/sessions',
      api((request, form, reply) => {
        if (!required(reply, form, ['customer'])) return reply;
        if (!state.customers.has(form.customer!)) {
          return stripeError(
            reply,
            400,
            'invalid_request_error',
            `No such customer: '${form.customer}'`,
            'customer',
          );
        }
        const portal: StripeSandboxPortal = {
          id: newStripeId('bps'),
          customer: form.customer!,
          returnUrl: form.return_url ?? publicBase(request),
        };
        state.portals.set(portal.id, portal);
        return {
          id: portal.id,
          object: 'billing_portal.session',
          customer: portal.customer,
          url: `${publicBase(request)}/portal/${portal.id}`,
          return_url: portal.returnUrl,
        };
      }),
    );

    app.post(
      '/v1/subscriptions/:id',
      api(async (request, form, reply) => {
        const sub = state.subscriptions.get((request.params as { id: string }).id);
        if (!sub) return stripeError(reply, 404, 'invalid_request_error', 'No such subscription');
        const unknown = Object.keys(form).find((name) => name !== 'cancel_at_period_end');
        if (unknown) {
          return stripeError(
            reply,
            400,
            'invalid_request_error',
            `Received unknown parameter: ${unknown}`,
            unknown,
          );
        }
        const value = form.cancel_at_period_end;
        if (value !== undefined && value !== 'true' && value !== 'false') {
          return stripeError(
            reply,
            400,
            'invalid_request_error',
            'Invalid boolean: cancel_at_period_end',
            'cancel_at_period_end',
          );
        }
        if (sub.status === 'canceled') {
          return stripeError(
            reply,
            400,
            'invalid_request_error',
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        }
        if (value !== undefined) await setCancelAtPeriodEnd(state, sub, value === 'true');
        return subscriptionJson(sub, state);
      }),
    );

    // Cancels at once (Stripe's "Cancel a subscription"), unlike the portal's cancel at the period's end.
    app.delete(
      '/v1/subscriptions/:id',
      api(async (request, _form, reply) => {
        const sub = state.subscriptions.get((request.params as { id: string }).id);
        if (!sub) return stripeError(reply, 404, 'invalid_request_error', 'No such subscription');
        if (sub.status === 'canceled') {
          return stripeError(reply, 400, 'invalid_request_error', 'This subscription is already canceled.');
        }
        sub.status = 'canceled';
        sub.canceledAt = unix(state);
        sub.endedAt = sub.canceledAt;
        await emitStripeEvent(state, 'customer.subscription.deleted', subscriptionJson(sub, state));
        return subscriptionJson(sub, state);
      }),
    );

    app.get(
      '/v1/prices/:id',
      api((request, _form, reply) => {
        const id = (request.params as { id: string }).id;
        const price = state.prices.get(id);
        if (!price) return stripeError(reply, 404, 'invalid_request_error', `No such price: '${id}'`);
        return { id: price.id, object: 'price', currency: 'usd', unit_amount: price.unitAmount };
      }),
    );

    app.get(
      '/v1/subscriptions/:id',
      api((request, _form, reply) => {
        const sub = state.subscriptions.get((request.params as { id: string }).id);
        if (!sub) return stripeError(reply, 404, 'invalid_request_error', 'No such subscription');
        return subscriptionJson(sub, state);
      }),
    );

    // The hosted pages a browser is sent to.
    app.get('/checkout/:id', async (request, reply) => {
      const session = state.sessions.get((request.params as { id: string }).id);
      if (!session) return reply.status(404).type('text/html').send(page('Checkout not found', ''));
      const price = state.prices.get(session.priceId)!;
      if (session.status !== 'open') {
        return reply
          .type('text/html')
          .send(
            page(
              'This checkout is complete',
              `<p><a href="${escapeHtml(session.successUrl)}">Return to CareLoop</a></p>`,
            ),
          );
      }
      return reply
        .type('text/html')
        .send(
          page(
            'Stripe sandbox checkout',
            `<p>${escapeHtml(price.productName)}: ${usd(price.unitAmount)} per month</p><p>Test card 4242 4242 4242 4242 (sandbox, no charge).</p><form method="post" action="${escapeHtml(`${app.prefix}/checkout/${session.id}/pay`)}"><button type="submit">Pay ${usd(price.unitAmount)}</button></form><p><a href="${escapeHtml(session.cancelUrl)}">Cancel and return</a></p>`,
          ),
        );
    });

    app.post('/checkout/:id/pay', async (request, reply) => {
      const session = state.sessions.get((request.params as { id: string }).id);
      if (!session) return reply.status(404).type('text/html').send(page('Checkout not found', ''));
      if (session.status === 'open') {
        const created = unix(state);
        const sub: StripeSandboxSubscription = {
          id: newStripeId('sub'),
          customer: session.customer,
          status: 'active',
          itemId: newStripeId('si'),
          priceId: session.priceId,
          metadata: session.subscriptionMetadata,
          created,
          currentPeriodStart: created,
          currentPeriodEnd: periodEndAfter(created, created),
          cancelAtPeriodEnd: false,
          canceledAt: null,
          endedAt: null,
        };
        state.subscriptions.set(sub.id, sub);
        session.status = 'complete';
        session.subscription = sub.id;
        invoiceFor(state, sub);
        // Stripe's order is not guaranteed; these go one after another, each answered before the next.
        await emitStripeEvent(state, 'customer.subscription.created', subscriptionJson(sub, state));
        await emitStripeEvent(state, 'checkout.session.completed', sessionJson(session, ''));
      }
      return reply.redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
    });

    app.get('/portal/:id', async (request, reply) => {
      const portal = state.portals.get((request.params as { id: string }).id);
      if (!portal) return reply.status(404).type('text/html').send(page('Portal session not found', ''));
      settleStripeSandboxPeriods(state);
      const subs = [...state.subscriptions.values()].filter((s) => s.customer === portal.customer);
      const invoices = state.invoices.filter((i) => i.customer === portal.customer);
      const subList = subs
        .map((s) => {
          const price = state.prices.get(s.priceId);
          const periodEnd = new Date(s.currentPeriodEnd * 1000).toISOString().slice(0, 10);
          const action = s.cancelAtPeriodEnd ? 'renew' : 'cancel';
          const control =
            s.status === 'active'
              ? `<form method="post" action="${escapeHtml(`${app.prefix}/portal/${portal.id}/${action}/${s.id}`)}"><button type="submit">${s.cancelAtPeriodEnd ? 'Renew subscription' : 'Cancel subscription'}</button></form>`
              : '';
          const label =
            s.status === 'active'
              ? s.cancelAtPeriodEnd
                ? `cancels on ${periodEnd}`
                : `active, renews on ${periodEnd}`
              : s.status;
          return `<li>${escapeHtml(price?.productName ?? s.priceId)}: ${escapeHtml(label)}${control}</li>`;
        })
        .join('');
      const invoiceList = invoices
        .map(
          (i) =>
            `<li>${escapeHtml(i.id)}: ${usd(i.amountPaid)} ${escapeHtml(i.status)} (${new Date(i.created * 1000).toISOString().slice(0, 10)})</li>`,
        )
        .join('');
      return reply
        .type('text/html')
        .send(
          page(
            'Stripe sandbox billing portal',
            `<h2>Subscriptions</h2><ul>${subList || '<li>None</li>'}</ul><h2>Invoices</h2><ul>${invoiceList || '<li>None</li>'}</ul><p><a href="${escapeHtml(portal.returnUrl)}">Return to CareLoop</a></p>`,
          ),
        );
    });

    app.post('/portal/:id/:action/:subscriptionId', async (request, reply) => {
      const { id, action, subscriptionId } = request.params as {
        id: string;
        action: string;
        subscriptionId: string;
      };
      const portal = state.portals.get(id);
      const sub = state.subscriptions.get(subscriptionId);
      if (
        !portal ||
        !sub ||
        sub.customer !== portal.customer ||
        (action !== 'cancel' && action !== 'renew')
      ) {
        return reply.status(404).type('text/html').send(page('Subscription not found', ''));
      }
      settleStripeSandboxPeriods(state);
      if (sub.status === 'active') await setCancelAtPeriodEnd(state, sub, action === 'cancel');
      return reply.redirect(`${app.prefix}/portal/${portal.id}`, 303);
    });
  };
}
