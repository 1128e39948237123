import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export type PreferencesRow = { dailyDigest: boolean; language: string | null };

export async function readPreferences(db: Database, userId: string): Promise<PreferencesRow | null> {
  const [row] = await db
    .select({ dailyDigest: users.dailyDigest, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
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
    .returning({ dailyDigest: users.dailyDigest, language: users.language });
  return row ?? null;
}
