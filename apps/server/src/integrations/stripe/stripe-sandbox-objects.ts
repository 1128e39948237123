import type {
  StripeSandboxInvoice,
  StripeSandboxSession,
  StripeSandboxState,
  StripeSandboxSubscription,
} from './stripe-sandbox-state';

// The objects as Stripe's API and events return them.

export const subscriptionJson = (sub: StripeSandboxSubscription, state: StripeSandboxState) => ({
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

export const sessionJson = (session: StripeSandboxSession, url: string) => ({
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

export const invoiceJson = (invoice: StripeSandboxInvoice) => ({
  id: invoice.id,
  object: 'invoice',
  customer: invoice.customer,
  subscription: invoice.subscription,
  amount_paid: invoice.amountPaid,
  status: invoice.status,
  created: invoice.created,
});
