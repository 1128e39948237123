import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailSubscriptions } from '../../db/schema';
import { newId } from '../../lib/ids';

export type SubscriptionList = 'newsletter' | 'status';
export type SubscriptionLocale = 'en' | 'es' | 'tr';
export type SubscriptionRow = typeof emailSubscriptions.$inferSelect;

/**
 * Asks to subscribe: a new or left address becomes pending with a fresh token; a pending one gets a
 * fresh token unless one was mailed since `resendAfter` (one confirmation mail per address every few
 * minutes, whoever submits it); a confirmed one is left as it is. The row when a confirmation mail
 * is due, else null.
 */
export async function requestPending(
  db: Database,
  input: {
    list: SubscriptionList;
    email: string;
    locale: SubscriptionLocale;
    tokenHash: string;
    now: Date;
    resendAfter: Date;
  },
): Promise<SubscriptionRow | null> {
  const t = emailSubscriptions;
  const [row] = await db
    .insert(t)
    .values({
      id: newId('sub'),
      list: input.list,
      email: input.email,
      locale: input.locale,
      state: 'pending',
      confirmTokenHash: input.tokenHash,
      requestedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [t.list, t.email],
      set: {
        state: 'pending',
        locale: input.locale,
        confirmTokenHash: input.tokenHash,
        requestedAt: input.now,
        unsubscribedAt: null,
      },
      setWhere: sql`${t.state} = 'unsubscribed' or (${t.state} = 'pending' and ${t.requestedAt} < ${input.resendAfter})`,
    })
    .returning();
  return row ?? null;
}

/** Confirms the pending subscription the token was mailed for (once: the token is then cleared). */
export async function confirmByTokenHash(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<SubscriptionRow | null> {
  const t = emailSubscriptions;
  const [row] = await db
    .update(t)
    .set({ state: 'confirmed', confirmedAt: now, confirmTokenHash: null })
    .where(and(eq(t.confirmTokenHash, tokenHash), eq(t.state, 'pending')))
    .returning();
  return row ?? null;
}

export async function findPendingByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<SubscriptionRow | null> {
  const t = emailSubscriptions;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.confirmTokenHash, tokenHash), eq(t.state, 'pending')));
  return row ?? null;
}

export async function findSubscription(db: Database, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(emailSubscriptions).where(eq(emailSubscriptions.id, id));
  return row ?? null;
}

export async function markUnsubscribed(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(emailSubscriptions)
    .set({ state: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null })
    .where(eq(emailSubscriptions.id, id));
}

export async function listConfirmed(db: Database, list: SubscriptionList): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(emailSubscriptions)
    .where(and(eq(emailSubscriptions.list, list), eq(emailSubscriptions.state, 'confirmed')));
}
