import type { SignInThrottle } from '@careloop/domain/sign-in-lockout';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { signInThrottles } from '../../db/schema';

/**
 * An account's counters, its row created when missing and locked until the caller's transaction
 * ends: web processes sharing the database then count every attempt exactly once.
 */
export async function lockSignInThrottle(tx: Transaction, accountKey: string): Promise<SignInThrottle> {
  await tx.insert(signInThrottles).values({ accountKey }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(signInThrottles)
    .where(eq(signInThrottles.accountKey, accountKey))
    .for('update');
  return {
    attempts: row?.attempts ?? 0,
    windowStartedAt: row?.windowStartedAt ?? null,
    lockedUntil: row?.lockedUntil ?? null,
    lockouts: row?.lockouts ?? 0,
  };
}

export async function saveSignInThrottle(
  tx: Transaction,
  accountKey: string,
  next: SignInThrottle,
): Promise<void> {
  await tx
    .update(signInThrottles)
    .set({ ...next, updatedAt: new Date() })
    .where(eq(signInThrottles.accountKey, accountKey));
}

export async function deleteSignInThrottle(db: Database, accountKey: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.accountKey, accountKey));
}
