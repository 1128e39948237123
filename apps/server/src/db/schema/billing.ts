import { boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';

/** A clinic's Stripe customer and the subscription that sets its plan (the plan itself: clinics.subscription_tier). */
export const clinicBilling = pgTable(
  'clinic_billing',
  {
    clinicId: text('clinic_id')
      .primaryKey()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionStatus: text('subscription_status'),
    priceId: text('price_id'),
    /** Cancelled in the portal: the plan holds until current_period_end, then Stripe ends the subscription. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Which Stripe the customer lives in: the sandbox's fake or the configured account. */
    stripeAccount: text('stripe_account').notNull().default('live'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clinic_billing_customer_idx').on(t.stripeCustomerId)],
);

/**
 * Stripe events already applied, by event id (global: Stripe's ids are unique across accounts), so
 * a redelivered event changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  clinicId: text('clinic_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Upgrade-dialog thresholds a user has dismissed in a clinic ("Remind me later"): each threshold
 * crossed (90 % or 100 % of a month's messages, past the patient limit) is offered once per user,
 * on any device, and the next one opens it again.
 */
export const upgradePromptDismissals = pgTable(
  'upgrade_prompt_dismissals',
  {
    clinicId: text('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    threshold: text('threshold').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.userId, t.threshold] })],
);
