import { randomUUID } from 'node:crypto';
import { planPrices } from '@careloop/domain/plans';
import type { AppDeps } from '../../app-deps';
import { createProviderHttp, ProviderError } from '../../integrations/http/provider-http';
import { type StripeAccount, stripeAccountFor } from '../../integrations/provider-endpoints';
import { createStripeClient, describeStripeError } from '../../integrations/stripe/stripe.client';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { findClinicBilling, insertClinicBilling, updateSubscriptionState } from './billing.repository';

type Deps = Pick<AppDeps, 'db' | 'config' | 'log'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'userId' | 'user' | 'clinic'>;

const billingMessages = {
  notConfigured: 'Billing is not set up on this server',
  enterprise: 'The Enterprise plan is arranged with our sales team: use Contact sales',
  starter: 'To return to Starter, cancel the subscription in the billing portal',
  alreadyOnPlan: 'Your clinic is already on this plan or a higher one',
  noBillingAccount: 'Your clinic has no billing account yet: upgrade first',
  notCancelling: 'The subscription is not set to end, so there is nothing to resume',
  providerFailed: 'Stripe could not be reached. Please try again in a few minutes',
  priceMismatch:
    "The plan's price in Stripe is not the price CareLoop shows, so checkout is stopped before anyone is charged. Please contact support",
} as const;

export const isSandboxClinic = (config: Deps['config'], sandboxMode: string) =>
  config.sandboxMode && sandboxMode === 'on';

export function stripeClientFor(deps: Pick<Deps, 'config'>, account: StripeAccount) {
  return createStripeClient({
    baseUrl: account.apiUrl,
    secretKey: account.secretKey,
    http: createProviderHttp('stripe', {
      ...deps.config.integrations.http,
      describeError: describeStripeError,
    }),
  });
}

function accountOf(deps: Deps, ctx: Caller): StripeAccount {
  const account = stripeAccountFor(deps.config, isSandboxClinic(deps.config, ctx.clinic.sandboxMode));
  if (!account) throw conflict(billingMessages.notConfigured);
  return account;
}

async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    throw new AppError(502, 'INTERNAL', billingMessages.providerFailed, {
      provider: 'stripe',
      code: error.providerCode,
    });
  }
}

const settingsUrl = (deps: Deps, query: string) =>
  `${deps.config.http.publicUrl.replace(/\/+$/, '')}/settings?tab=plan&${query}`;

/** The clinic's Stripe customer in this account, created once (Idempotency-Key per clinic and account). */
async function customerOf(deps: Deps, ctx: Caller, account: StripeAccount) {
  const billing = await findClinicBilling(deps.db, ctx.clinicId);
  if (billing && billing.stripeAccount === account.kind) return billing.stripeCustomerId;
  const client = stripeClientFor(deps, account);
  const customer = await callStripe(() =>
    client.createCustomer({
      email: ctx.user.email,
      name: ctx.clinic.name,
      clinicId: ctx.clinicId,
      idempotencyKey: `careloop-customer-${ctx.clinicId}-${account.kind}`,
    }),
  );
  await insertClinicBilling(deps.db, {
    clinicId: ctx.clinicId,
    stripeCustomerId: customer.id,
    stripeAccount: account.kind,
  });
  return customer.id;
}

/**
 * The Professional price in Stripe is set up in Stripe's dashboard, outside this code: Checkout
 * goes ahead only when it charges exactly the price every CareLoop screen shows (ADR 018).
 */
async function assertStripeChargesPlanPrice(deps: Deps, account: StripeAccount) {
  const price = await callStripe(() => stripeClientFor(deps, account).getPrice(account.prices.professional));
  const expected = planPrices.professional.totalCents;
  if (price.currency.toLowerCase() !== 'usd' || price.unitAmount !== expected) {
    deps.log.error(
      { stripePrice: price.id, currency: price.currency, unitAmount: price.unitAmount, expected },
      'stripe price differs from the plan price',
    );
    throw conflict(billingMessages.priceMismatch);
  }
}

/**
 * Starts Stripe Checkout for an upgrade (owners only: the route says so). Only Professional is sold
 * through Checkout; the plan changes when Stripe's signed webhook says the subscription is active.
 */
export async function startCheckout(
  deps: Deps,
  ctx: Caller,
  plan: 'starter' | 'professional' | 'enterprise',
) {
  if (plan === 'enterprise') throw badRequest(billingMessages.enterprise, { field: 'plan' });
  if (plan === 'starter') throw badRequest(billingMessages.starter, { field: 'plan' });
  if (ctx.clinic.subscriptionTier === 'professional' || ctx.clinic.subscriptionTier === 'enterprise') {
    throw conflict(billingMessages.alreadyOnPlan);
  }
  const account = accountOf(deps, ctx);
  await assertStripeChargesPlanPrice(deps, account);
  const customerId = await customerOf(deps, ctx, account);
  const session = await callStripe(() =>
    stripeClientFor(deps, account).createCheckoutSession({
      customerId,
      priceId: account.prices.professional,
      clinicId: ctx.clinicId,
      successUrl: settingsUrl(deps, 'checkout=success&session_id={CHECKOUT_SESSION_ID}'),
      cancelUrl: settingsUrl(deps, 'checkout=cancelled'),
      idempotencyKey: randomUUID(),
    }),
  );
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'billing_checkout_started',
    context: { plan, checkoutSessionId: session.id, stripeAccount: account.kind },
  });
  return { url: session.url };
}

/** Stripe's customer portal: invoices, payment method, cancellation. */
export async function openBillingPortal(deps: Deps, ctx: Caller) {
  const account = accountOf(deps, ctx);
  const billing = await findClinicBilling(deps.db, ctx.clinicId);
  if (!billing || billing.stripeAccount !== account.kind) throw conflict(billingMessages.noBillingAccount);
  const session = await callStripe(() =>
    stripeClientFor(deps, account).createPortalSession({
      customerId: billing.stripeCustomerId,
      returnUrl: settingsUrl(deps, 'portal=returned'),
      idempotencyKey: randomUUID(),
    }),
  );
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'billing_portal_opened',
    context: { stripeAccount: account.kind },
  });
  return { url: session.url };
}

/** Whether the clinic has a billing account (so Settings offers the portal) and when a cancelled plan ends. */
export async function getBillingStatus(deps: Deps, ctx: Caller) {
  const billing = await findClinicBilling(deps.db, ctx.clinicId);
  const isActive = billing?.subscriptionStatus !== 'canceled';
  return {
    hasBillingAccount: billing !== null,
    subscriptionStatus: billing?.subscriptionStatus ?? null,
    cancelAtPeriodEnd: isActive && (billing?.cancelAtPeriodEnd ?? false),
    currentPeriodEnd: isActive ? (billing?.currentPeriodEnd?.toISOString() ?? null) : null,
  };
}

/**
 * "Resume" before a cancelled plan's period ends: clears Stripe's cancel_at_period_end, as the
 * portal's "Renew" does. The answer is stored at once; Stripe's webhook confirms it.
 */
export async function resumeSubscription(deps: Deps, ctx: Caller) {
  const account = accountOf(deps, ctx);
  const billing = await findClinicBilling(deps.db, ctx.clinicId);
  if (!billing || billing.stripeAccount !== account.kind || !billing.stripeSubscriptionId) {
    throw conflict(billingMessages.noBillingAccount);
  }
  if (!billing.cancelAtPeriodEnd || billing.subscriptionStatus === 'canceled') {
    throw conflict(billingMessages.notCancelling);
  }
  const subscriptionId = billing.stripeSubscriptionId;
  const subscription = await callStripe(() =>
    stripeClientFor(deps, account).setCancelAtPeriodEnd({
      subscriptionId,
      cancelAtPeriodEnd: false,
      idempotencyKey: randomUUID(),
    }),
  );
  await updateSubscriptionState(deps.db, ctx.clinicId, subscription);
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'billing_subscription_resumed',
    context: { subscriptionId, stripeAccount: account.kind },
  });
  return getBillingStatus(deps, ctx);
}
