import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { twoFactors } from '../../db/schema';

/**
 * Records `step` as the user's last accepted TOTP time step, only if it is later than the one
 * recorded: false means the code's step was used already. One statement, so two requests with
 * the same code cannot both win.
 */
export async function claimTotpStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(twoFactors.userId, userId),
        or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step)),
      ),
    )
    .returning({ id: twoFactors.id });
  return rows.length > 0;
}
