import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ClinicRole, clinicInvitations, clinics, clinicUsers, users } from '../../db/schema';

export function listMemberRows(db: Database, clinicId: string) {
  return db
    .select({
      userId: clinicUsers.userId,
      role: clinicUsers.role,
      joinedAt: clinicUsers.createdAt,
      name: users.name,
      email: users.email,
    })
    .from(clinicUsers)
    .innerJoin(users, eq(users.id, clinicUsers.userId))
    .where(eq(clinicUsers.clinicId, clinicId))
    .orderBy(asc(clinicUsers.createdAt), asc(clinicUsers.userId));
}

export function listPendingInvitationRows(db: Database, clinicId: string) {
  return db
    .select()
    .from(clinicInvitations)
    .where(and(eq(clinicInvitations.clinicId, clinicId), eq(clinicInvitations.status, 'pending')))
    .orderBy(desc(clinicInvitations.createdAt));
}

export async function findMemberRole(
  db: Database,
  clinicId: string,
  userId: string,
): Promise<ClinicRole | null> {
  const rows = await db
    .select({ role: clinicUsers.role })
    .from(clinicUsers)
    .where(and(eq(clinicUsers.clinicId, clinicId), eq(clinicUsers.userId, userId)))
    .limit(1);
  return (rows[0]?.role as ClinicRole | undefined) ?? null;
}

/** Owners of the clinic, locked for the rest of the caller's transaction (so two demotions cannot race). */
export async function lockOwnerIds(db: Database, clinicId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: clinicUsers.userId })
    .from(clinicUsers)
    .where(and(eq(clinicUsers.clinicId, clinicId), eq(clinicUsers.role, 'owner')))
    .for('update');
  return rows.map((row) => row.userId);
}

export async function updateMemberRole(db: Database, clinicId: string, userId: string, role: ClinicRole) {
  await db
    .update(clinicUsers)
    .set({ role })
    .where(and(eq(clinicUsers.clinicId, clinicId), eq(clinicUsers.userId, userId)));
}

export async function deleteMember(db: Database, clinicId: string, userId: string) {
  await db.delete(clinicUsers).where(and(eq(clinicUsers.clinicId, clinicId), eq(clinicUsers.userId, userId)));
}

/** The account with this e-mail, if any, and the clinic it belongs to (null: none yet). */
export async function findAccountByEmail(db: Database, email: string) {
  const rows = await db
    .select({ userId: users.id, clinicId: clinicUsers.clinicId })
    .from(users)
    .leftJoin(clinicUsers, eq(clinicUsers.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertInvitation(db: Database, row: typeof clinicInvitations.$inferInsert) {
  const rows = await db.insert(clinicInvitations).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function revokeInvitationRow(db: Database, clinicId: string, id: string) {
  const rows = await db
    .update(clinicInvitations)
    .set({ status: 'revoked' })
    .where(
      and(
        eq(clinicInvitations.clinicId, clinicId),
        eq(clinicInvitations.id, id),
        eq(clinicInvitations.status, 'pending'),
      ),
    )
    .returning({ id: clinicInvitations.id });
  return rows.length > 0;
}

/** A pending, unexpired invitation by the hash of its token (public: the token is the credential). */
export async function findOpenInvitationByTokenHash(db: Database, tokenHash: string) {
  const rows = await db
    .select({ email: clinicInvitations.email, role: clinicInvitations.role, clinicName: clinics.name })
    .from(clinicInvitations)
    .innerJoin(clinics, eq(clinics.id, clinicInvitations.clinicId))
    .where(
      and(
        eq(clinicInvitations.tokenHash, tokenHash),
        eq(clinicInvitations.status, 'pending'),
        sql`${clinicInvitations.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}
