import { activityRecordIntervalMs } from '@careloop/domain/idle-sign-out';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { type ClinicRole, clinics, clinicUsers, sessions, users } from '../../db/schema';

export type Membership = {
  clinicId: string;
  role: ClinicRole;
  clinic: {
    id: string;
    name: string;
    subscriptionTier: string;
    category: string | null;
    sandboxMode: string;
    defaultLanguage: string;
    timeZone: string;
    country: string | null;
    idleTimeoutMinutes: number;
  };
};

/** The clinic of the account with this e-mail (stored in lower case), if it has one. */
export async function findClinicIdByEmail(db: Database, email: string): Promise<string | null> {
  const rows = await db
    .select({ clinicId: clinicUsers.clinicId })
    .from(users)
    .innerJoin(clinicUsers, eq(clinicUsers.userId, users.id))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return rows[0]?.clinicId ?? null;
}

export async function findMembershipByUserId(db: Database, userId: string): Promise<Membership | null> {
  const rows = await db
    .select({
      clinicId: clinicUsers.clinicId,
      role: clinicUsers.role,
      id: clinics.id,
      name: clinics.name,
      subscriptionTier: clinics.subscriptionTier,
      category: clinics.category,
      sandboxMode: clinics.sandboxMode,
      defaultLanguage: clinics.defaultLanguage,
      timeZone: clinics.timeZone,
      country: clinics.country,
      idleTimeoutMinutes: clinics.idleTimeoutMinutes,
    })
    .from(clinicUsers)
    .innerJoin(clinics, eq(clinics.id, clinicUsers.clinicId))
    .where(eq(clinicUsers.userId, userId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    clinicId: row.clinicId,
    role: row.role as ClinicRole,
    clinic: {
      id: row.id,
      name: row.name,
      subscriptionTier: row.subscriptionTier,
      category: row.category,
      sandboxMode: row.sandboxMode,
      defaultLanguage: row.defaultLanguage,
      timeZone: row.timeZone,
      country: row.country,
      idleTimeoutMinutes: row.idleTimeoutMinutes,
    },
  };
}

export type SignedInRow = {
  sessionCreatedAt: Date;
  sessionExpiresAt: Date;
  sessionLastActiveAt: Date;
  userId: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  twoFactorEnabled: boolean | null;
  /** The user's own language (interface and e-mails); null: the clinic's. */
  language: string | null;
  membership: Membership | null;
};

/** Session, user, membership and clinic of a session token: the identity of every signed-in request. */
function selectSignedIn(db: Database) {
  return db
    .select({
      sessionCreatedAt: sessions.createdAt,
      sessionExpiresAt: sessions.expiresAt,
      sessionLastActiveAt: sessions.lastActiveAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      twoFactorEnabled: users.twoFactorEnabled,
      language: users.language,
      clinicId: clinicUsers.clinicId,
      role: clinicUsers.role,
      clinicName: clinics.name,
      subscriptionTier: clinics.subscriptionTier,
      category: clinics.category,
      sandboxMode: clinics.sandboxMode,
      defaultLanguage: clinics.defaultLanguage,
      timeZone: clinics.timeZone,
      country: clinics.country,
      idleTimeoutMinutes: clinics.idleTimeoutMinutes,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clinicUsers, eq(clinicUsers.userId, users.id))
    .leftJoin(clinics, eq(clinics.id, clinicUsers.clinicId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1);
}

export async function findSignedInByToken(db: Database, token: string): Promise<SignedInRow | null> {
  const rows = await preparedOnce(db, 'signed_in_by_token', () => selectSignedIn(db)).execute({ token });
  const row = rows[0];
  if (!row) return null;
  const membership =
    row.clinicId && row.clinicName !== null
      ? {
          clinicId: row.clinicId,
          role: row.role as ClinicRole,
          clinic: {
            id: row.clinicId,
            name: row.clinicName,
            subscriptionTier: row.subscriptionTier!,
            category: row.category,
            sandboxMode: row.sandboxMode!,
            defaultLanguage: row.defaultLanguage!,
            timeZone: row.timeZone!,
            country: row.country,
            idleTimeoutMinutes: row.idleTimeoutMinutes!,
          },
        }
      : null;
  return {
    sessionCreatedAt: row.sessionCreatedAt,
    sessionExpiresAt: row.sessionExpiresAt,
    sessionLastActiveAt: row.sessionLastActiveAt,
    userId: row.userId,
    email: row.email,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    twoFactorEnabled: row.twoFactorEnabled,
    language: row.language,
    membership,
  };
}

/**
 * Writes down a request's time as the session's last activity (idle sign-out), only over a record a
 * minute old or more: concurrent requests of one session write it once.
 */
export async function recordSessionActivity(db: Database, token: string, at: Date) {
  const staleBefore = new Date(at.getTime() - activityRecordIntervalMs + 1);
  await db
    .update(sessions)
    .set({ lastActiveAt: at })
    .where(and(eq(sessions.token, token), lt(sessions.lastActiveAt, staleBefore)));
}
