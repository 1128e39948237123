import type { FastifyInstance } from 'fastify';
import { registerStripeSandboxApi } from './stripe-sandbox-api';
import { registerStripeSandboxHostedPages } from './stripe-sandbox-hosted-pages';
import type { StripeSandboxState } from './stripe-sandbox-state';

// A wire-compatible Stripe Billing fake (providers.md §11): the API routes the client calls, a
// hosted Checkout page whose "Pay" completes the session and POSTs the signed webhooks, and a
// customer portal listing invoices with "Cancel subscription" (at the period's end, Stripe's default,
// with "Renew subscription" until then). Monthly periods: when the fake's clock passes a period's end,
// the next request renews it (invoice.paid, customer.subscription.updated) or ends a cancelled one
// (customer.subscription.deleted), as Stripe's own timer would have. What it checks: the Bearer secret
// key, form-encoded bodies with bracketed keys, required fields, known customers and prices,
// Idempotency-Key (same key and body: the first answer; another body: idempotency_error).

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
    registerStripeSandboxApi(app, state);
    registerStripeSandboxHostedPages(app, state);
  };
}
