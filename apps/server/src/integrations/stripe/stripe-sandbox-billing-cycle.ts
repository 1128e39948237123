import { postSandboxWebhook, trackSandboxWork } from '../http/sandbox-webhooks';
import { stripeSignatureHeader } from './stripe.webhook';
import { invoiceJson, subscriptionJson } from './stripe-sandbox-objects';
import {
  newStripeId,
  type StripeSandboxInvoice,
  type StripeSandboxState,
  type StripeSandboxSubscription,
  unix,
} from './stripe-sandbox-state';

/**
 * The end of the monthly period starting at `from`, on the billing anchor's day and time (Stripe's
 * billing_cycle_anchor): the 31st bills on the 28th in February and on the 31st again in March.
 */
export function periodEndAfter(anchorSeconds: number, fromSeconds: number): number {
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

export function invoiceFor(state: StripeSandboxState, sub: StripeSandboxSubscription): StripeSandboxInvoice {
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

/**
 * What Stripe does when the clock passes a period's end: a subscription cancelled at the period's
 * end ends (customer.subscription.deleted); another renews for a month, invoiced. State changes at
 * once; the events go out one after another, tracked so a test can flush them.
 */
export function settleStripeSandboxPeriods(state: StripeSandboxState): void {
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
export async function setCancelAtPeriodEnd(
  state: StripeSandboxState,
  sub: StripeSandboxSubscription,
  cancelAtPeriodEnd: boolean,
) {
  if (sub.cancelAtPeriodEnd === cancelAtPeriodEnd) return;
  sub.cancelAtPeriodEnd = cancelAtPeriodEnd;
  sub.canceledAt = cancelAtPeriodEnd ? unix(state) : null;
  await emitStripeEvent(state, 'customer.subscription.updated', subscriptionJson(sub, state));
}
