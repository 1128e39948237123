import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { clinicBilling, clinics, stripeEvents } from '../../db/schema';

export type ClinicBillingRow = typeof clinicBilling.$inferSelect;

export async function findClinicBilling(db: Database, clinicId: string): Promise<ClinicBillingRow | null> {
  const [row] = await db.select().from(clinicBilling).where(eq(clinicBilling.clinicId, clinicId));
  return row ?? null;
}

export async function insertClinicBilling(
  db: Database,
  row: { clinicId: string; stripeCustomerId: string; stripeAccount: 'sandbox' | 'live' },
) {
  await db
    .insert(clinicBilling)
    .values(row)
    .onConflictDoUpdate({
      target: clinicBilling.clinicId,
      set: {
        stripeCustomerId: row.stripeCustomerId,
        stripeAccount: row.stripeAccount,
        updatedAt: sql`now()`,
      },
    });
}

/** The clinic a webhook names, with what billing needs of it; null when there is none. */
export async function findBillingClinic(db: Database, clinicId: string) {
  const [row] = await db
    .select({
      id: clinics.id,
      subscriptionTier: clinics.subscriptionTier,
      sandboxMode: clinics.sandboxMode,
      stripeCustomerId: clinicBilling.stripeCustomerId,
      stripeSubscriptionId: clinicBilling.stripeSubscriptionId,
      stripeAccount: clinicBilling.stripeAccount,
    })
    .from(clinics)
    .leftJoin(clinicBilling, eq(clinicBilling.clinicId, clinics.id))
    .where(eq(clinics.id, clinicId));
  return row ?? null;
}

export async function findClinicIdByCustomer(db: Database, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ clinicId: clinicBilling.clinicId })
    .from(clinicBilling)
    .where(eq(clinicBilling.stripeCustomerId, customerId))
    .limit(1);
  return row?.clinicId ?? null;
}

export type EventOutcome = {
  eventId: string;
  type: string;
  clinicId: string | null;
  /** The subscription state to store and the tier it gives; null: nothing to change. */
  change: {
    customerId: string;
    subscriptionId: string;
    status: string;
    priceId: string | null;
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: Date | null;
    tier: string;
  } | null;
};

/**
 * Stores the event id and applies its change (the caller's transaction); false when the event id
 * was stored before (a redelivery), in which case nothing changes. Answers the tier before and after.
 */
export async function applyStripeEvent(tx: Transaction, outcome: EventOutcome) {
  const inserted = await tx
    .insert(stripeEvents)
    .values({ id: outcome.eventId, type: outcome.type, clinicId: outcome.clinicId })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (inserted.length === 0) return { applied: false as const };
  const { change, clinicId } = outcome;
  if (!change || !clinicId) return { applied: true as const, previousTier: null, tier: null };
  await tx
    .update(clinicBilling)
    .set({
      stripeCustomerId: change.customerId,
      stripeSubscriptionId: change.subscriptionId,
      subscriptionStatus: change.status,
      priceId: change.priceId,
      cancelAtPeriodEnd: change.cancelAtPeriodEnd,
      currentPeriodEnd: change.currentPeriodEnd,
      updatedAt: sql`now()`,
    })
    .where(eq(clinicBilling.clinicId, clinicId));
  const [before] = await tx
    .select({ tier: clinics.subscriptionTier })
    .from(clinics)
    .where(eq(clinics.id, clinicId))
    .for('update');
  if (before?.tier !== change.tier) {
    await tx
      .update(clinics)
      .set({ subscriptionTier: change.tier, updatedAt: sql`now()` })
      .where(eq(clinics.id, clinicId));
  }
  return { applied: true as const, previousTier: before?.tier ?? null, tier: change.tier };
}

/** The subscription's state as Stripe answered a change made from here (Stripe's webhook follows). */
export async function updateSubscriptionState(
  db: Database,
  clinicId: string,
  subscription: { id: string; status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null },
) {
  await db
    .update(clinicBilling)
    .set({
      subscriptionStatus: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      currentPeriodEnd: subscription.currentPeriodEnd,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(clinicBilling.clinicId, clinicId), eq(clinicBilling.stripeSubscriptionId, subscription.id)),
    );
}

/** Sets a clinic's plan as sales arranged it; the previous tier, or null when there is no such clinic. */
export async function setClinicTier(tx: Transaction, clinicId: string, tier: string): Promise<string | null> {
  const [row] = await tx
    .select({ tier: clinics.subscriptionTier })
    .from(clinics)
    .where(eq(clinics.id, clinicId))
    .for('update');
  if (!row) return null;
  await tx
    .update(clinics)
    .set({ subscriptionTier: tier, updatedAt: sql`now()` })
    .where(eq(clinics.id, clinicId));
  return row.tier;
}
