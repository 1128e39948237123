import { z } from 'zod';
import { ProviderError, type ProviderErrorDescriber, type ProviderHttp } from '../http/provider-http';

/** Stripe errors: `{ error: { type, code, message, param } }` (providers.md §11.1). */
export const describeStripeError: ProviderErrorDescriber = (body) => {
  const parsed = z
    .object({
      error: z.object({
        type: z.string().optional(),
        code: z.string().optional(),
        message: z.string().optional(),
      }),
    })
    .safeParse(body);
  if (!parsed.success) return null;
  return {
    code: parsed.data.error.code ?? parsed.data.error.type ?? null,
    reason: parsed.data.error.message ?? null,
  };
};

export type StripeClientConfig = {
  /** e.g. https://api.stripe.com (STRIPE_API_URL), or the sandbox under /sandbox/stripe. */
  baseUrl: string;
  secretKey: string;
  http: ProviderHttp;
};

const customerSchema = z.object({ id: z.string().startsWith('cus_'), object: z.literal('customer') });
const checkoutSessionSchema = z.object({
  id: z.string().startsWith('cs_'),
  object: z.literal('checkout.session'),
  url: z.string().url(),
});
const priceSchema = z.object({
  id: z.string().startsWith('price_'),
  object: z.literal('price'),
  currency: z.string(),
  unit_amount: z.number().int().nullable(),
});
const portalSessionSchema = z.object({ id: z.string().startsWith('bps_'), url: z.string().url() });
const subscriptionSchema = z.object({
  id: z.string().startsWith('sub_'),
  object: z.literal('subscription'),
  customer: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  // Since API version 2025-03-31 the period is on each item; older versions put it on the subscription.
  current_period_end: z.number().int().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  items: z.object({
    data: z.array(
      z.object({
        id: z.string(),
        price: z.object({ id: z.string() }),
        current_period_end: z.number().int().nullish(),
      }),
    ),
  }),
});

export type StripeSubscription = {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  /** Cancelled for the end of the period: still paid for until currentPeriodEnd. */
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  metadata: Record<string, string>;
};

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ProviderError('stripe', 'invalid_response', `Stripe sent an unreadable ${what}`);
  return parsed.data;
}

function subscriptionOf(subscription: z.infer<typeof subscriptionSchema>): StripeSubscription {
  const item = subscription.items.data[0];
  const periodEnd = item?.current_period_end ?? subscription.current_period_end ?? null;
  return {
    id: subscription.id,
    customerId: subscription.customer,
    status: subscription.status,
    priceId: item?.price.id ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    currentPeriodEnd: periodEnd === null ? null : new Date(periodEnd * 1000),
    metadata: subscription.metadata ?? {},
  };
}

/** Stripe Billing (providers.md §11): form-encoded POSTs with bracketed nesting, Bearer secret key. */
export function createStripeClient(config: StripeClientConfig) {
  const base = `${config.baseUrl.replace(/\/+$/, '')}/v1`;
  const headers = (idempotencyKey?: string) => ({
    authorization: `Bearer ${config.secretKey}`,
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  });
  const post = (path: string, form: Record<string, string>, idempotencyKey: string) =>
    config.http.request({
      method: 'POST',
      url: `${base}${path}`,
      headers: headers(idempotencyKey),
      form,
      // The Idempotency-Key makes a repeat return the first answer (§11.1).
      isIdempotent: true,
    });

  return {
    async createCustomer(input: {
      email: string | null;
      name: string;
      clinicId: string;
      idempotencyKey: string;
    }) {
      const form: Record<string, string> = { name: input.name, 'metadata[clinic_id]': input.clinicId };
      if (input.email) form.email = input.email;
      const response = await post('/customers', form, input.idempotencyKey);
      return { id: parse(customerSchema, response.body, 'customer').id };
    },

    async createCheckoutSession(input: {
      customerId: string;
      priceId: string;
      clinicId: string;
      successUrl: string;
      cancelUrl: string;
      idempotencyKey: string;
    }) {
      const response = await post(
        '/checkout/sessions',
        {
          mode: 'subscription',
          customer: input.customerId,
          'line_items[0][price]': input.priceId,
          'line_items[0][quantity]': '1',
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.clinicId,
          'metadata[clinic_id]': input.clinicId,
          'subscription_data[metadata][clinic_id]': input.clinicId,
        },
        input.idempotencyKey,
      );
      const session = parse(checkoutSessionSchema, response.body, 'checkout session');
      return { id: session.id, url: session.url };
    },

    async createPortalSession(input: { customerId: string; returnUrl: string; idempotencyKey: string }) {
      const response = await post(
        '/billing_portal/sessions',
        { customer: input.customerId, return_url: input.returnUrl },
        input.idempotencyKey,
      );
      const session = parse(portalSessionSchema, response.body, 'portal session');
      return { id: session.id, url: session.url };
    },

    /** A price as configured in Stripe: what Checkout will charge for it. */
    async getPrice(id: string): Promise<{ id: string; currency: string; unitAmount: number | null }> {
      const response = await config.http.request({
        method: 'GET',
        url: `${base}/prices/${encodeURIComponent(id)}`,
        headers: headers(),
      });
      const price = parse(priceSchema, response.body, 'price');
      return { id: price.id, currency: price.currency, unitAmount: price.unit_amount };
    },

    /** The subscription as it is now: webhooks arrive out of order, so their state is read here. */
    async getSubscription(id: string): Promise<StripeSubscription> {
      const response = await config.http.request({
        method: 'GET',
        url: `${base}/subscriptions/${encodeURIComponent(id)}`,
        headers: headers(),
      });
      return subscriptionOf(parse(subscriptionSchema, response.body, 'subscription'));
    },

    /** Sets or clears cancellation at the period's end (clearing it is the portal's "Renew"). */
    async setCancelAtPeriodEnd(input: {
      subscriptionId: string;
      cancelAtPeriodEnd: boolean;
      idempotencyKey: string;
    }): Promise<StripeSubscription> {
      const response = await post(
        `/subscriptions/${encodeURIComponent(input.subscriptionId)}`,
        { cancel_at_period_end: String(input.cancelAtPeriodEnd) },
        input.idempotencyKey,
      );
      return subscriptionOf(parse(subscriptionSchema, response.body, 'subscription'));
    },
  };
}
