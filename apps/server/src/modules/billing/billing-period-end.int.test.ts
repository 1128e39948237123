import { planPrices, stripeProductName } from '@careloop/domain/plans';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clinicBilling, clinics, userActions } from '../../db/schema';
import { flushSandboxWebhooks } from '../../integrations/http/sandbox-webhooks';
import { stripeSandbox } from '../../integrations/stripe/stripe.sandbox';
import {
  createDemoStripeSandboxState,
  type StripeSandboxState,
  stripeSandboxDemo,
} from '../../integrations/stripe/stripe-sandbox-state';
import { buildClinic, buildMember, jsonHeaders } from '../../testing/build-user';
import { portOf } from '../../testing/free-port';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Cancelling in Stripe's portal ends the subscription at the period's end (Stripe's default): the
// fake sends customer.subscription.updated (cancel_at_period_end) at once and
// customer.subscription.deleted when its clock passes the period's end. The app and the fake share
// one clock, moved by the tests, so the webhook signatures stay within their tolerance.

let t: TestApp;
let fakes: FastifyInstance;
let stripe: StripeSandboxState;
let nowMs = Date.now();
const day = 86_400_000;

beforeAll(async () => {
  stripe = createDemoStripeSandboxState({
    productName: stripeProductName('professional'),
    unitAmount: planPrices.professional.totalCents,
  });
  stripe.now = () => new Date(nowMs);
  fakes = Fastify({ logger: false, forceCloseConnections: true });
  await fakes.register(stripeSandbox(stripe), { prefix: '/sandbox/stripe' });
  await fakes.listen({ port: 0, host: '127.0.0.1' });
  const fakeAddress = fakes.server.address();
  const fakePort = typeof fakeAddress === 'object' && fakeAddress ? fakeAddress.port : 0;
  t = await createTestApp({
    env: { SANDBOX_URL: `http://127.0.0.1:${fakePort}/sandbox` },
    now: () => nowMs,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const appBase = `http://127.0.0.1:${portOf(t.app.server)}`;
  stripe.webhookEndpoints.push({
    url: `${appBase}/api/webhooks/stripe`,
    secret: stripeSandboxDemo.webhookSecret,
  });
});
afterAll(async () => {
  await t?.close();
  await fakes?.close();
});
// Sessions are checked against the app's clock: each test starts at the real time.
beforeEach(() => {
  nowMs = Date.now();
});

const tierOf = async (clinicId: string) =>
  (await t.db.select({ tier: clinics.subscriptionTier }).from(clinics).where(eq(clinics.id, clinicId)))[0]!
    .tier;
const billingOf = async (clinicId: string) =>
  (await t.db.select().from(clinicBilling).where(eq(clinicBilling.clinicId, clinicId)))[0]!;

const post = (cookie: string, url: string) =>
  t.app.inject({ method: 'POST', url, headers: jsonHeaders({ cookie }), payload: {} });
const billingStatus = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie } });

async function upgradedClinic() {
  const clinic = await buildClinic(t);
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/billing/checkout',
    headers: jsonHeaders({ cookie: clinic.owner.cookie }),
    payload: { plan: 'professional' },
  });
  const html = await (await fetch(checkout.json().url)).text();
  const action = /action="([^"]+)"/.exec(html)![1]!;
  await fetch(new URL(action, checkout.json().url), { method: 'POST', redirect: 'manual' });
  await flushSandboxWebhooks(stripe);
  expect(await tierOf(clinic.clinicId)).toBe('professional');
  const subscription = stripe.subscriptions.get((await billingOf(clinic.clinicId)).stripeSubscriptionId!)!;
  return { ...clinic, subscription };
}

/** Opens the portal as the owner's browser would; answers its page and URL. */
async function openPortal(cookie: string) {
  const portal = await post(cookie, '/api/billing/portal');
  expect(portal.statusCode).toBe(200);
  const url: string = portal.json().url;
  const html = await (await fetch(url)).text();
  await flushSandboxWebhooks(stripe);
  return { url, html };
}

/** Presses the portal's button for the subscription (Cancel or Renew subscription). */
async function pressPortalButton(cookie: string, label: 'Cancel subscription' | 'Renew subscription') {
  const { url, html } = await openPortal(cookie);
  const form = new RegExp(`action="([^"]+)"><button type="submit">${label}</button>`).exec(html);
  expect(form, `the portal offers "${label}"`).not.toBeNull();
  const pressed = await fetch(new URL(form![1]!, url), { method: 'POST', redirect: 'manual' });
  expect(pressed.status).toBe(303);
  await flushSandboxWebhooks(stripe);
}

/** Lets Stripe's clock reach a time: the fake settles due periods on its next request. */
async function moveClockTo(ms: number) {
  nowMs = ms;
  await fetch(
    `http://127.0.0.1:${(fakes.server.address() as { port: number }).port}/sandbox/stripe/v1/subscriptions/sub_none`,
    {
      headers: { authorization: `Bearer ${stripeSandboxDemo.secretKey}` },
    },
  );
  await flushSandboxWebhooks(stripe);
}

const eventTypesSince = (count: number) => stripe.events.slice(count).map((e) => e.type);

describe('cancelling at the period end', () => {
  it('keeps Professional until the period ends, shows when, then Stripe ends it and the clinic returns to Starter', async () => {
    const { clinicId, owner, subscription } = await upgradedClinic();
    const periodEnd = new Date(subscription.currentPeriodEnd * 1000);
    expect(periodEnd.getTime() - nowMs).toBeGreaterThan(27 * day);
    expect((await billingStatus(owner.cookie)).json()).toEqual({
      hasBillingAccount: true,
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEnd.toISOString(),
    });

    const before = stripe.events.length;
    await pressPortalButton(owner.cookie, 'Cancel subscription');
    expect(eventTypesSince(before)).toEqual(['customer.subscription.updated']);
    expect(stripe.deliveries.slice(-1)[0]?.status).toBe(200);
    // Still paid for: the plan and its features stay.
    expect(await tierOf(clinicId)).toBe('professional');
    const aiReplies = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/ai-review-response',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { enabled: true, threshold: 3, delayHours: 2 },
    });
    expect(aiReplies.statusCode).toBe(200);
    expect((await billingStatus(owner.cookie)).json()).toEqual({
      hasBillingAccount: true,
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEnd.toISOString(),
    });
    expect((await openPortal(owner.cookie)).html).toContain(
      `cancels on ${periodEnd.toISOString().slice(0, 10)}`,
    );

    // A second before the end nothing happens; past it Stripe deletes the subscription.
    await moveClockTo(periodEnd.getTime() - 1000);
    expect(eventTypesSince(before)).toEqual(['customer.subscription.updated']);
    expect(await tierOf(clinicId)).toBe('professional');
    await moveClockTo(periodEnd.getTime() + 1000);
    expect(eventTypesSince(before)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    expect(await tierOf(clinicId)).toBe('starter');
    expect(await billingOf(clinicId)).toMatchObject({ subscriptionStatus: 'canceled' });
    const changes = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.clinicId, clinicId), eq(userActions.action, 'plan_changed')));
    expect(changes.map((c) => c.context)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          from: 'professional',
          to: 'starter',
          stripeEventType: 'customer.subscription.deleted',
        }),
      ]),
    );
  });

  it('"Resume" before the end clears the cancellation in Stripe; the subscription then renews and the plan stays', async () => {
    const { clinicId, owner, subscription } = await upgradedClinic();
    const periodEnd = subscription.currentPeriodEnd * 1000;
    await pressPortalButton(owner.cookie, 'Cancel subscription');
    expect((await billingOf(clinicId)).cancelAtPeriodEnd).toBe(true);

    const admin = await buildMember(t, clinicId, 'admin');
    expect((await post(admin.cookie, '/api/billing/resume')).statusCode).toBe(403);
    expect(stripe.subscriptions.get(subscription.id)?.cancelAtPeriodEnd).toBe(true);

    const before = stripe.events.length;
    const resumed = await post(owner.cookie, '/api/billing/resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toEqual({
      hasBillingAccount: true,
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(periodEnd).toISOString(),
    });
    await flushSandboxWebhooks(stripe);
    expect(stripe.subscriptions.get(subscription.id)?.cancelAtPeriodEnd).toBe(false);
    expect(eventTypesSince(before)).toEqual(['customer.subscription.updated']);
    expect((await billingOf(clinicId)).cancelAtPeriodEnd).toBe(false);
    const audit = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.clinicId, clinicId), eq(userActions.action, 'billing_subscription_resumed')));
    expect(audit).toHaveLength(1);

    // Nothing left to resume: 409, and Stripe is not called.
    const again = await post(owner.cookie, '/api/billing/resume');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'The subscription is not set to end, so there is nothing to resume',
    );
    expect(stripe.events.length).toBe(before + 1);

    // Past the period's end it renews for another month, invoiced, and the plan stays.
    await moveClockTo(periodEnd + 1000);
    expect(eventTypesSince(before + 1)).toEqual(
      expect.arrayContaining(['invoice.paid', 'customer.subscription.updated']),
    );
    expect(eventTypesSince(before + 1)).not.toContain('customer.subscription.deleted');
    expect(await tierOf(clinicId)).toBe('professional');
    const renewed = await billingOf(clinicId);
    expect(renewed.cancelAtPeriodEnd).toBe(false);
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(periodEnd + 27 * day);
  });

  it('the portal\'s "Renew subscription" clears the cancellation the same way', async () => {
    const { clinicId, owner } = await upgradedClinic();
    await pressPortalButton(owner.cookie, 'Cancel subscription');
    expect((await billingStatus(owner.cookie)).json().cancelAtPeriodEnd).toBe(true);
    await pressPortalButton(owner.cookie, 'Renew subscription');
    expect((await billingStatus(owner.cookie)).json().cancelAtPeriodEnd).toBe(false);
    expect(await tierOf(clinicId)).toBe('professional');
  });

  it('refuses to resume without a subscription, changing nothing', async () => {
    const { clinicId, owner } = await buildClinic(t);
    const res = await post(owner.cookie, '/api/billing/resume');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Your clinic has no billing account yet: upgrade first');
    expect(await t.db.select().from(clinicBilling).where(eq(clinicBilling.clinicId, clinicId))).toEqual([]);
    const unknownField = await t.app.inject({
      method: 'POST',
      url: '/api/billing/resume',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { now: true },
    });
    expect(unknownField.statusCode).toBe(400);
  });
});
