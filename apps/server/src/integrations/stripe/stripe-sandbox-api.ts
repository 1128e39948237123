import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  emitStripeEvent,
  setCancelAtPeriodEnd,
  settleStripeSandboxPeriods,
} from './stripe-sandbox-billing-cycle';
import { sessionJson, subscriptionJson } from './stripe-sandbox-objects';
import {
  newStripeId,
  type StripeSandboxCustomer,
  type StripeSandboxPortal,
  type StripeSandboxSession,
  type StripeSandboxState,
  unix,
} from './stripe-sandbox-state';

type StripeErrorType = 'invalid_request_error' | 'idempotency_error' | 'api_error';
const stripeError = (
  reply: FastifyReply,
  status: number,
  type: StripeErrorType,
  message: string,
  param?: string,
) => reply.status(status).send({ error: { type, message, ...(param ? { param } : {}) } });

/** `metadata[key]=value` fields of a form, as an object. */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

/** The `/v1/...` routes the client calls. */
export function registerStripeSandboxApi(app: FastifyInstance, state: StripeSandboxState): void {
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
      if (!required(reply, form, ['mode', 'success_url', 'cancel_url', 'line_items[0][price]'])) return reply;
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
}
