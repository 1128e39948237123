import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export type PreferencesRow = { dailyDigest: boolean };

export async function readPreferences(db: Database, userId: string): Promise<PreferencesRow | null> {
  const [row] = await db.select({ dailyDigest: users.dailyDigest }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Writes the fields given; null when no such user. */
export async function updatePreferences(
  db: Database,
  userId: string,
  patch: Partial<PreferencesRow>,
): Promise<PreferencesRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ dailyDigest: users.dailyDigest });
  return row ?? null;
}
