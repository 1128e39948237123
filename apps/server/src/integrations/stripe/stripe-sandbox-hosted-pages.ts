import type { FastifyInstance } from 'fastify';
import {
  emitStripeEvent,
  invoiceFor,
  periodEndAfter,
  setCancelAtPeriodEnd,
  settleStripeSandboxPeriods,
} from './stripe-sandbox-billing-cycle';
import { sessionJson, subscriptionJson } from './stripe-sandbox-objects';
import {
  newStripeId,
  type StripeSandboxState,
  type StripeSandboxSubscription,
  unix,
} from './stripe-sandbox-state';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The hosted pages a browser is sent to: Checkout and the customer portal. */
export function registerStripeSandboxHostedPages(app: FastifyInstance, state: StripeSandboxState): void {
  app.get('/checkout/:id', async (request, reply) => {
    const session = state.sessions.get((request.params as { id: string }).id);
    if (!session) return reply.status(404).type('text/html').send(page('Checkout not found', ''));
    const price = state.prices.get(session.priceId)!;
    if (session.status !== 'open') {
      return reply
        .type('text/html')
        .send(
          page(
            'This checkout is complete',
            `<p><a href="${escapeHtml(session.successUrl)}">Return to CareLoop</a></p>`,
          ),
        );
    }
    return reply
      .type('text/html')
      .send(
        page(
          'Stripe sandbox checkout',
          `<p>${escapeHtml(price.productName)}: ${usd(price.unitAmount)} per month</p><p>Test card 4242 4242 4242 4242 (sandbox, no charge).</p><form method="post" action="${escapeHtml(`${app.prefix}/checkout/${session.id}/pay`)}"><button type="submit">Pay ${usd(price.unitAmount)}</button></form><p><a href="${escapeHtml(session.cancelUrl)}">Cancel and return</a></p>`,
        ),
      );
  });

  app.post('/checkout/:id/pay', async (request, reply) => {
    const session = state.sessions.get((request.params as { id: string }).id);
    if (!session) return reply.status(404).type('text/html').send(page('Checkout not found', ''));
    if (session.status === 'open') {
      const created = unix(state);
      const sub: StripeSandboxSubscription = {
        id: newStripeId('sub'),
        customer: session.customer,
        status: 'active',
        itemId: newStripeId('si'),
        priceId: session.priceId,
        metadata: session.subscriptionMetadata,
        created,
        currentPeriodStart: created,
        currentPeriodEnd: periodEndAfter(created, created),
        cancelAtPeriodEnd: false,
        canceledAt: null,
        endedAt: null,
      };
      state.subscriptions.set(sub.id, sub);
      session.status = 'complete';
      session.subscription = sub.id;
      invoiceFor(state, sub);
      // Stripe's order is not guaranteed; these go one after another, each answered before the next.
      await emitStripeEvent(state, 'customer.subscription.created', subscriptionJson(sub, state));
      await emitStripeEvent(state, 'checkout.session.completed', sessionJson(session, ''));
    }
    return reply.redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
  });

  app.get('/portal/:id', async (request, reply) => {
    const portal = state.portals.get((request.params as { id: string }).id);
    if (!portal) return reply.status(404).type('text/html').send(page('Portal session not found', ''));
    settleStripeSandboxPeriods(state);
    const subs = [...state.subscriptions.values()].filter((s) => s.customer === portal.customer);
    const invoices = state.invoices.filter((i) => i.customer === portal.customer);
    const subList = subs
      .map((s) => {
        const price = state.prices.get(s.priceId);
        const periodEnd = new Date(s.currentPeriodEnd * 1000).toISOString().slice(0, 10);
        const action = s.cancelAtPeriodEnd ? 'renew' : 'cancel';
        const control =
          s.status === 'active'
            ? `<form method="post" action="${escapeHtml(`${app.prefix}/portal/${portal.id}/${action}/${s.id}`)}"><button type="submit">${s.cancelAtPeriodEnd ? 'Renew subscription' : 'Cancel subscription'}</button></form>`
            : '';
        const label =
          s.status === 'active'
            ? s.cancelAtPeriodEnd
              ? `cancels on ${periodEnd}`
              : `active, renews on ${periodEnd}`
            : s.status;
        return `<li>${escapeHtml(price?.productName ?? s.priceId)}: ${escapeHtml(label)}${control}</li>`;
      })
      .join('');
    const invoiceList = invoices
      .map(
        (i) =>
          `<li>${escapeHtml(i.id)}: ${usd(i.amountPaid)} ${escapeHtml(i.status)} (${new Date(i.created * 1000).toISOString().slice(0, 10)})</li>`,
      )
      .join('');
    return reply
      .type('text/html')
      .send(
        page(
          'Stripe sandbox billing portal',
          `<h2>Subscriptions</h2><ul>${subList || '<li>None</li>'}</ul><h2>Invoices</h2><ul>${invoiceList || '<li>None</li>'}</ul><p><a href="${escapeHtml(portal.returnUrl)}">Return to CareLoop</a></p>`,
        ),
      );
  });

  app.post('/portal/:id/:action/:subscriptionId', async (request, reply) => {
    const { id, action, subscriptionId } = request.params as {
      id: string;
      action: string;
      subscriptionId: string;
    };
    const portal = state.portals.get(id);
    const sub = state.subscriptions.get(subscriptionId);
    if (!portal || !sub || sub.customer !== portal.customer || (action !== 'cancel' && action !== 'renew')) {
      return reply.status(404).type('text/html').send(page('Subscription not found', ''));
    }
    settleStripeSandboxPeriods(state);
    if (sub.status === 'active') await setCancelAtPeriodEnd(state, sub, action === 'cancel');
    return reply.redirect(`${app.prefix}/portal/${portal.id}`, 303);
  });
}
