import type { SignInThrottle } from '@careloop/domain/sign-in-lockout';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signInThrottles } from '../../db/schema';

/**
 * Reads an account's counters under a row lock, lets `decide` compute the next ones, and stores
 * them, in one transaction: web processes sharing the database count every attempt exactly once.
 */
export async function updateSignInThrottle<T>(
  db: Database,
  accountKey: string,
  decide: (state: SignInThrottle) => { next: SignInThrottle; result: T },
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.insert(signInThrottles).values({ accountKey }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(signInThrottles)
      .where(eq(signInThrottles.accountKey, accountKey))
      .for('update');
    const { next, result } = decide({
      attempts: row?.attempts ?? 0,
      windowStartedAt: row?.windowStartedAt ?? null,
      lockedUntil: row?.lockedUntil ?? null,
      lockouts: row?.lockouts ?? 0,
    });
    await tx
      .update(signInThrottles)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(signInThrottles.accountKey, accountKey));
    return result;
  });
}

export async function deleteSignInThrottle(db: Database, accountKey: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.accountKey, accountKey));
}
