import {
  billingRedirectSchema,
  billingStatusSchema,
  startCheckoutBodySchema,
} from '@careloop/contracts/billing';
import { errorResponseSchema } from '@careloop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { stripeSandboxDemo } from '../../integrations/stripe/stripe-sandbox-state';
import { clinicContextOf } from '../../plugins/route-access';
import { getBillingStatus, openBillingPortal, resumeSubscription, startCheckout } from './billing.service';
import { receiveStripeWebhook, StripeWebhookRefused } from './stripe-webhook.service';

const tags = ['billing'];
const stripeWebhookPath = '/api/webhooks/stripe';

/**
 * Plan changes through Stripe (owners only): Checkout for an upgrade, the customer portal for
 * invoices and cancellation, and Stripe's signed webhook, which alone changes the plan.
 */
export const billingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const webhookUrl = `${deps.config.http.publicUrl.replace(/\/+$/, '')}${stripeWebhookPath}`;
    if (deps.config.sandboxMode) {
      // The sandbox's "dashboard": its events go to this server's webhook, signed with its secret.
      const endpoints = deps.sandboxes.stripe.webhookEndpoints;
      if (!endpoints.some((e) => e.url === webhookUrl)) {
        endpoints.push({ url: webhookUrl, secret: stripeSandboxDemo.webhookSecret });
      }
    }

    app.get(
      '/api/billing',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'Whether the clinic has a Stripe billing account, and when a cancelled plan ends',
          response: { 200: billingStatusSchema },
        },
      },
      async (request) => getBillingStatus(deps, clinicContextOf(request)),
    );

    app.post(
      '/api/billing/checkout',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'Starts Stripe Checkout for an upgrade; the plan changes when Stripe confirms by webhook',
          body: startCheckoutBodySchema,
          response: {
            200: billingRedirectSchema,
            400: errorResponseSchema,
            409: errorResponseSchema,
            502: errorResponseSchema,
          },
        },
      },
      async (request) => startCheckout(deps, clinicContextOf(request), request.body.plan),
    );

    app.post(
      '/api/billing/portal',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: "Opens Stripe's customer portal: invoices, payment method, cancellation",
          body: z.object({}).strict(),
          response: { 200: billingRedirectSchema, 409: errorResponseSchema, 502: errorResponseSchema },
        },
      },
      async (request) => openBillingPortal(deps, clinicContextOf(request)),
    );

    app.post(
      '/api/billing/resume',
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: 'Resumes a subscription cancelled for the end of its period, before that end',
          body: z.object({}).strict(),
          response: { 200: billingStatusSchema, 409: errorResponseSchema, 502: errorResponseSchema },
        },
      },
      async (request) => resumeSubscription(deps, clinicContextOf(request)),
    );

    await app.register(async (hooks) => {
      // The signature is over the raw bytes: this scope keeps the body as they came.
      hooks.removeAllContentTypeParsers();
      hooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      hooks.post(
        stripeWebhookPath,
        {
          config: { access: 'webhook', rateLimit: { max: 1200, timeWindow: 60_000 } },
          schema: {
            tags: ['webhooks'],
            summary: 'Stripe events (Stripe-Signature checked over the raw body), idempotent by event id',
            response: {
              200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
              400: errorResponseSchema,
              401: errorResponseSchema,
              403: errorResponseSchema,
              502: errorResponseSchema,
            },
          },
        },
        async (request, reply) => {
          try {
            return await receiveStripeWebhook(deps, {
              rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
              signature: request.headers['stripe-signature'],
              now: new Date((deps.clock ?? Date.now)()),
            });
          } catch (error) {
            if (!(error instanceof StripeWebhookRefused)) throw error;
            return reply.status(error.statusCode).send({
              error: {
                code: error.statusCode === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN',
                message: error.message,
              },
            });
          }
        },
      );
    });
  };
