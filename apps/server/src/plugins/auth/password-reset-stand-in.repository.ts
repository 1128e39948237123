import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { verifications } from '../../db/schema';

// One fixed row written in place of a reset token for an address without an account: the same
// kind of write as the real token's, without rows piling up. Its identifier is not a token's
// (`reset-password:<token>`) and it is expired, so nothing ever opens with it.
const standInId = 'ver_password_reset_stand_in';

export async function writePasswordResetStandIn(db: Database) {
  await db
    .insert(verifications)
    .values({ id: standInId, identifier: 'password-reset-stand-in', value: '', expiresAt: new Date(0) })
    .onConflictDoUpdate({ target: verifications.id, set: { updatedAt: sql`now()` } });
}
