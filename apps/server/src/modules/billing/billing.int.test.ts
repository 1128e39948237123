import { planPrices, stripeProductName } from '@careloop/domain/plans';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicBilling, clinics, stripeEvents, userActions } from '../../db/schema';
import { flushSandboxWebhooks } from '../../integrations/http/sandbox-webhooks';
import { stripeSandbox } from '../../integrations/stripe/stripe.sandbox';
import { stripeSignatureHeader } from '../../integrations/stripe/stripe.webhook';
import { emitStripeEvent } from '../../integrations/stripe/stripe-sandbox-billing-cycle';
import {
  createDemoStripeSandboxState,
  type StripeSandboxState,
  stripeSandboxDemo,
} from '../../integrations/stripe/stripe-sandbox-state';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { portOf } from '../../testing/free-port';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Plan changes through Stripe Checkout, the customer portal and signed webhooks, against the Stripe
// fake on a port of its own (as Stripe would be), posting its events to the app's webhook.

let t: TestApp;
let fakes: FastifyInstance;
let stripe: StripeSandboxState;
let appBase = '';

beforeAll(async () => {
  stripe = createDemoStripeSandboxState({
    productName: stripeProductName('professional'),
    unitAmount: planPrices.professional.totalCents,
  });
  fakes = Fastify({ logger: false, forceCloseConnections: true });
  await fakes.register(stripeSandbox(stripe), { prefix: '/sandbox/stripe' });
  await fakes.listen({ port: 0, host: '127.0.0.1' });
  const fakeAddress = fakes.server.address();
  const fakePort = typeof fakeAddress === 'object' && fakeAddress ? fakeAddress.port : 0;
  t = await createTestApp({ env: { SANDBOX_URL: `http://127.0.0.1:${fakePort}/sandbox` } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appBase = `http://127.0.0.1:${portOf(t.app.server)}`;
  stripe.webhookEndpoints.push({
    url: `${appBase}/api/webhooks/stripe`,
    secret: stripeSandboxDemo.webhookSecret,
  });
});
afterAll(async () => {
  await t?.close();
  await fakes?.close();
});

const tierOf = async (clinicId: string) =>
  (await t.db.select({ tier: clinics.subscriptionTier }).from(clinics).where(eq(clinics.id, clinicId)))[0]!
    .tier;

const checkout = (cookie: string, plan: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    headers: jsonHeaders({ cookie }),
    payload: { plan },
  });

const saveAiReplies = (cookie: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/settings/ai-review-response',
    headers: jsonHeaders({ cookie }),
    payload: { enabled: true, threshold: 3, delayHours: 2 },
  });

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Opens the hosted Checkout page and presses Pay, as the browser would; answers the redirect. */
async function pay(checkoutUrl: string) {
  const page = await fetch(checkoutUrl);
  const html = await page.text();
  // The hosted page charges the plan's one price (ADR 018), the same the app's screens show.
  expect(html).toContain(`Pay ${usd(planPrices.professional.totalCents)}`);
  expect(html).toContain(`CareLoop Professional: ${usd(planPrices.professional.totalCents)} per month`);
  const action = /action="([^"]+)"/.exec(html)![1]!;
  const paid = await fetch(new URL(action, checkoutUrl), { method: 'POST', redirect: 'manual' });
  await flushSandboxWebhooks(stripe);
  return paid;
}

const signed = (
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
  secret: string = stripeSandboxDemo.webhookSecret,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignatureHeader(secret, timestamp, body),
    },
    payload: body,
  });

async function upgradedClinic() {
  const clinic = await buildClinic(t);
  const res = await checkout(clinic.owner.cookie, 'professional');
  expect(res.statusCode).toBe(200);
  const paid = await pay(res.json().url);
  expect(paid.status).toBe(303);
  return clinic;
}

describe('POST /api/billing/checkout', () => {
  it('is for owners only', async () => {
    const { clinicId } = await buildClinic(t);
    const admin = await buildMember(t, clinicId, 'admin');
    expect((await checkout(admin.cookie, 'professional')).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/billing/checkout',
          payload: { plan: 'professional' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses enterprise (sales) and starter (portal) with a clear message, creating nothing', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const enterprise = await checkout(owner.cookie, 'enterprise');
    expect(enterprise.statusCode).toBe(400);
    expect(enterprise.json().error.message).toBe(
      'The Enterprise plan is arranged with our sales team: use Contact sales',
    );
    expect((await checkout(owner.cookie, 'starter')).statusCode).toBe(400);
    expect((await checkout(owner.cookie, 'gold')).statusCode).toBe(400);
    expect(await t.db.select().from(clinicBilling).where(eq(clinicBilling.clinicId, clinicId))).toEqual([]);
  });

  it('upgrades through Checkout: Pay posts the signed webhooks, the plan becomes professional and the AI review response unlocks', async () => {
    const { clinicId, owner } = await buildClinic(t);
    expect((await saveAiReplies(owner.cookie)).statusCode).toBe(403);

    const res = await checkout(owner.cookie, 'professional');
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/\/sandbox\/stripe\/checkout\/cs_test_/);
    // Nothing changes until Stripe says so.
    expect(await tierOf(clinicId)).toBe('starter');

    const paid = await pay(url);
    expect(paid.headers.get('location')).toMatch(
      /^http:\/\/localhost:3000\/settings\?tab=plan&checkout=success&session_id=cs_test_/,
    );
    expect(stripe.deliveries.filter((d) => d.url.startsWith(appBase)).every((d) => d.status === 200)).toBe(
      true,
    );
    expect(await tierOf(clinicId)).toBe('professional');
    expect((await saveAiReplies(owner.cookie)).statusCode).toBe(200);
    const [billing] = await t.db.select().from(clinicBilling).where(eq(clinicBilling.clinicId, clinicId));
    expect(billing).toMatchObject({
      subscriptionStatus: 'active',
      priceId: stripeSandboxDemo.prices.professional,
      stripeAccount: 'sandbox',
    });
    const changes = await t.db.select().from(userActions).where(eq(userActions.clinicId, clinicId));
    expect(changes.map((c) => c.action).sort()).toEqual([
      'billing_checkout_started',
      'plan_changed',
      'settings_ai_review_response_saved',
    ]);

    // Already professional: no second checkout.
    expect((await checkout(owner.cookie, 'professional')).statusCode).toBe(409);
  });

  it('stops before checkout when the price in Stripe is not the plan price, creating nothing', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const price = stripe.prices.get(stripeSandboxDemo.prices.professional)!;
    const sessionsBefore = stripe.sessions.size;
    stripe.prices.set(price.id, { ...price, unitAmount: planPrices.professional.platformCents });
    try {
      const res = await checkout(owner.cookie, 'professional');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(
        "The plan's price in Stripe is not the price CareLoop shows, so checkout is stopped before anyone is charged. Please contact support",
      );
    } finally {
      stripe.prices.set(price.id, price);
    }
    expect(stripe.sessions.size).toBe(sessionsBefore);
    expect(await t.db.select().from(clinicBilling).where(eq(clinicBilling.clinicId, clinicId))).toEqual([]);
    expect(await tierOf(clinicId)).toBe('starter');
  });

  it('has no portal before a billing account exists', async () => {
    const { owner } = await buildClinic(t);
    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: {},
    });
    expect(portal.statusCode).toBe(409);
  });
});

describe('POST /api/webhooks/stripe', () => {
  const eventBody = (id: string, type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id, object: 'event', type, created: 1, livemode: false, data: { object } });

  it('refuses unsigned (401), wrongly signed and stale (403) events, storing nothing', async () => {
    const body = eventBody(`evt_refused_${Date.now()}`, 'invoice.paid', { id: 'in_1' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await signed(body, undefined, 'whsec_someone_else')).statusCode).toBe(403);
    const now = Math.floor(Date.now() / 1000);
    expect((await signed(body, now - 301)).statusCode).toBe(403);
    expect((await signed(body, now + 301)).statusCode).toBe(403);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignatureHeader(stripeSandboxDemo.webhookSecret, now, body),
      },
      payload: body.replace('in_1', 'in_2'),
    });
    expect(tampered.statusCode).toBe(403);
    expect(
      await t.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, JSON.parse(body).id)),
    ).toEqual([]);
    // Within the tolerance and signed: accepted.
    expect((await signed(body, now - 299)).json()).toEqual({ received: true, duplicate: false });
  });

  it('applies an event once: a redelivery changes nothing', async () => {
    const { clinicId } = await upgradedClinic();
    const [billing] = await t.db.select().from(clinicBilling).where(eq(clinicBilling.clinicId, clinicId));
    const sub = stripe.subscriptions.get(billing!.stripeSubscriptionId!)!;
    const body = eventBody(`evt_once_${clinicId}`, 'customer.subscription.updated', {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: 'active',
      metadata: { clinic_id: clinicId },
    });
    // Someone changes the tier by hand; the first delivery sets it from Stripe's state, the second does not.
    await t.db.update(clinics).set({ subscriptionTier: 'starter' }).where(eq(clinics.id, clinicId));
    expect((await signed(body)).json()).toEqual({ received: true, duplicate: false });
    expect(await tierOf(clinicId)).toBe('professional');
    await t.db.update(clinics).set({ subscriptionTier: 'starter' }).where(eq(clinics.id, clinicId));
    expect((await signed(body)).json()).toEqual({ received: true, duplicate: true });
    expect(await tierOf(clinicId)).toBe('starter');
    expect(
      await t.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, `evt_once_${clinicId}`)),
    ).toHaveLength(1);
  });

  it("reads the subscription's current state: a late 'created' after a cancellation does not re-upgrade", async () => {
    const { clinicId } = await upgradedClinic();
    const [billing] = await t.db.select().from(clinicBilling).where(eq(clinicBilling.clinicId, clinicId));
    const sub = stripe.subscriptions.get(billing!.stripeSubscriptionId!)!;
    sub.status = 'canceled';
    await emitStripeEvent(stripe, 'customer.subscription.deleted', {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: 'canceled',
      metadata: sub.metadata,
    });
    expect(await tierOf(clinicId)).toBe('starter');
    // The "created" event (status active in its payload) arrives late.
    await emitStripeEvent(stripe, 'customer.subscription.created', {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: 'active',
      metadata: sub.metadata,
    });
    expect(await tierOf(clinicId)).toBe('starter');
  });

  it("never moves a clinic by another customer's event", async () => {
    const victim = await buildClinic(t);
    const attacker = await upgradedClinic();
    const [billing] = await t.db
      .select()
      .from(clinicBilling)
      .where(eq(clinicBilling.clinicId, attacker.clinicId));
    const body = eventBody(`evt_cross_${victim.clinicId}`, 'checkout.session.completed', {
      id: 'cs_test_x',
      object: 'checkout.session',
      client_reference_id: victim.clinicId,
      customer: billing!.stripeCustomerId,
      subscription: billing!.stripeSubscriptionId,
    });
    expect((await signed(body)).statusCode).toBe(200);
    expect(await tierOf(victim.clinicId)).toBe('starter');
  });

  it('answers 400 to a signed body that is no event, storing nothing', async () => {
    const res = await signed('{"hello":"world"}');
    expect(res.statusCode).toBe(400);
  });
});
