import type { AppDeps } from '../../app-deps';
import { ProviderError } from '../../integrations/http/provider-http';
import {
  type StripeAccount,
  stripeAccountFor,
  stripeSandboxAccount,
} from '../../integrations/provider-endpoints';
import type { StripeSubscription } from '../../integrations/stripe/stripe.client';
import {
  parseStripeEvent,
  type StripeEvent,
  verifyStripeSignature,
} from '../../integrations/stripe/stripe.webhook';
import { AppError, badRequest } from '../../lib/errors';
import { recordUserAction } from '../audit/audit.service';
import {
  applyStripeEvent,
  type EventOutcome,
  findBillingClinic,
  findClinicIdByCustomer,
} from './billing.repository';
import { isSandboxClinic, stripeClientFor } from './billing.service';

type Deps = Pick<AppDeps, 'db' | 'config'>;

export class StripeWebhookRefused extends Error {
  constructor(readonly statusCode: 401 | 403) {
    super(statusCode === 401 ? 'Missing webhook signature' : 'Invalid webhook signature');
  }
}

/** Subscription statuses that keep the paid plan; others (canceled, unpaid, ...) return to starter. */
const payingStatuses = new Set(['active', 'trialing', 'past_due']);
const endedStatuses = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** The tier a subscription's current state gives, or null when it says nothing yet (incomplete, unknown price). */
function tierOfSubscription(subscription: StripeSubscription, account: StripeAccount): string | null {
  if (endedStatuses.has(subscription.status)) return 'starter';
  if (payingStatuses.has(subscription.status) && subscription.priceId === account.prices.professional) {
    return 'professional';
  }
  return null;
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** What an event names: clinic (client_reference_id or metadata), customer, subscription. */
function namesOf(event: StripeEvent) {
  const object = event.data.object;
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  if (event.type === 'checkout.session.completed') {
    return {
      clinicId: str(object.client_reference_id) ?? str(metadata.clinic_id),
      customerId: str(object.customer),
      subscriptionId: str(object.subscription),
    };
  }
  if (event.type.startsWith('customer.subscription.')) {
    return {
      clinicId: str(metadata.clinic_id),
      customerId: str(object.customer),
      subscriptionId: str(object.id),
    };
  }
  return null;
}

/**
 * A Stripe webhook (providers.md §11.2): the signature over the raw body first (401 unsigned, 403
 * wrong or outside the 5-minute tolerance; nothing stored), then the event id, stored with its
 * change in one transaction, so a redelivery changes nothing. The plan is set from the
 * subscription as Stripe has it now (events come out of order), read through the API of the
 * account whose secret signed the event; events signed by the sandbox's secret only move clinics
 * that bill through the sandbox.
 */
export async function receiveStripeWebhook(
  deps: Deps,
  input: { rawBody: Buffer; signature: string | string[] | undefined; now: Date },
) {
  const sandbox = stripeSandboxAccount(deps.config);
  const live = deps.config.integrations.stripe.webhookSecret;
  const secrets = [live, sandbox?.webhookSecret].filter((s): s is string => Boolean(s));
  const check = verifyStripeSignature({
    header: input.signature,
    rawBody: input.rawBody,
    secrets,
    nowSeconds: Math.floor(input.now.getTime() / 1000),
  });
  if (!check.ok) throw new StripeWebhookRefused(check.reason === 'missing' ? 401 : 403);
  const signedBySandbox = check.secret !== live;

  const event = parseStripeEvent(input.rawBody);
  if (!event) throw badRequest('Not a Stripe event');

  const outcome: EventOutcome = { eventId: event.id, type: event.type, clinicId: null, change: null };
  const names = namesOf(event);
  if (names?.subscriptionId) {
    const clinicId =
      names.clinicId ?? (names.customerId ? await findClinicIdByCustomer(deps.db, names.customerId) : null);
    const clinic = clinicId ? await findBillingClinic(deps.db, clinicId) : null;
    const account = clinic
      ? stripeAccountFor(deps.config, isSandboxClinic(deps.config, clinic.sandboxMode))
      : null;
    // The clinic must bill through the account that signed, and be that customer's clinic.
    const accountMatches = account !== null && (account.kind === 'sandbox') === signedBySandbox;
    if (clinic && account && accountMatches && clinic.stripeCustomerId === names.customerId) {
      outcome.clinicId = clinic.id;
      let subscription: StripeSubscription;
      try {
        subscription = await stripeClientFor(deps, account).getSubscription(names.subscriptionId);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        // Not stored: Stripe delivers the event again later.
        throw new AppError(502, 'INTERNAL', 'Could not read the subscription from Stripe');
      }
      const tier = tierOfSubscription(subscription, account);
      // An ended subscription that is not the clinic's current one (a newer one replaced it) changes nothing.
      const isCurrent = !clinic.stripeSubscriptionId || clinic.stripeSubscriptionId === subscription.id;
      if (tier && (isCurrent || tier !== 'starter') && subscription.customerId === clinic.stripeCustomerId) {
        outcome.change = {
          customerId: subscription.customerId,
          subscriptionId: subscription.id,
          status: subscription.status,
          priceId: subscription.priceId,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          currentPeriodEnd: subscription.currentPeriodEnd,
          tier,
        };
      }
    }
  }

  // The event's record, its change and its audit entry commit together: a redelivery after a crash
  // finds either all or none of them.
  const applied = await deps.db.transaction(async (tx) => {
    const result = await applyStripeEvent(tx, outcome);
    if (result.applied && outcome.clinicId && result.tier && result.previousTier !== result.tier) {
      await recordUserAction(tx, {
        clinicId: outcome.clinicId,
        userId: null,
        action: 'plan_changed',
        context: {
          from: result.previousTier,
          to: result.tier,
          stripeEventId: event.id,
          stripeEventType: event.type,
        },
      });
    }
    return result.applied;
  });
  if (!applied) return { received: true as const, duplicate: true };
  return { received: true as const, duplicate: false };
}
