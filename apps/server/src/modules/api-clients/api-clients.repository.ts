import { and, count, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { apiAccessTokens, apiCallLog, apiClients, clinics, rateLimits, users } from '../../db/schema';

type ApiClientRow = typeof apiClients.$inferSelect;
export type ApiClientListRow = ApiClientRow & { createdByName: string | null; lastUsedAt: Date | null };

export async function insertApiClient(db: Database, values: typeof apiClients.$inferInsert) {
  const rows = await db.insert(apiClients).values(values).returning();
  return rows[0]!;
}

/** The clinic's clients, newest first, with who created them and their latest audited call. */
export function listApiClientRows(db: Database, clinicId: string): Promise<ApiClientListRow[]> {
  const lastUsedAt = sql<Date | null>`(
    select max(${apiCallLog.createdAt}) from ${apiCallLog}
    where ${apiCallLog.clinicId} = ${apiClients.clinicId} and ${apiCallLog.apiClientId} = ${apiClients.id}
  )`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));
  return db
    .select({
      clinicId: apiClients.clinicId,
      id: apiClients.id,
      name: apiClients.name,
      clientId: apiClients.clientId,
      secretHash: apiClients.secretHash,
      previousSecretHash: apiClients.previousSecretHash,
      previousSecretExpiresAt: apiClients.previousSecretExpiresAt,
      scopes: apiClients.scopes,
      createdBy: apiClients.createdBy,
      createdAt: apiClients.createdAt,
      revokedAt: apiClients.revokedAt,
      createdByName: users.name,
      lastUsedAt,
    })
    .from(apiClients)
    .leftJoin(users, eq(users.id, apiClients.createdBy))
    .where(eq(apiClients.clinicId, clinicId))
    .orderBy(desc(apiClients.createdAt), apiClients.id);
}

/** Marks the client revoked and drops its tokens (the caller's transaction); null when the clinic has no such client. */
export async function revokeApiClientRow(tx: Transaction, clinicId: string, id: string, at: Date) {
  const rows = await tx
    .update(apiClients)
    .set({ revokedAt: sql`coalesce(${apiClients.revokedAt}, ${at})` })
    .where(and(eq(apiClients.clinicId, clinicId), eq(apiClients.id, id)))
    .returning();
  if (rows.length === 0) return null;
  await tx
    .delete(apiAccessTokens)
    .where(and(eq(apiAccessTokens.clinicId, clinicId), eq(apiAccessTokens.apiClientId, id)));
  return rows[0]!;
}

/**
 * A new secret for a live client; the one it replaces keeps working until `previousExpiresAt`
 * (a rotation during that time drops the older one). Null when the clinic has no such live client.
 */
export async function rotateApiClientSecretRow(
  db: Database,
  clinicId: string,
  id: string,
  values: { secretHash: string; previousExpiresAt: Date },
) {
  const rows = await db
    .update(apiClients)
    .set({
      previousSecretHash: sql`${apiClients.secretHash}`,
      previousSecretExpiresAt: values.previousExpiresAt,
      secretHash: values.secretHash,
    })
    .where(and(eq(apiClients.clinicId, clinicId), eq(apiClients.id, id), isNull(apiClients.revokedAt)))
    .returning();
  return rows[0] ?? null;
}

export type CredentialRow = {
  clinicId: string;
  id: string;
  secretHash: string;
  previousSecretHash: string | null;
  previousSecretExpiresAt: Date | null;
  scopes: string[];
  revokedAt: Date | null;
  subscriptionTier: string;
};

/** A client by its public `client_id`, with its clinic's plan (the token endpoint knows no clinic). */
export async function findClientCredentials(db: Database, clientId: string): Promise<CredentialRow | null> {
  const rows = await db
    .select({
      clinicId: apiClients.clinicId,
      id: apiClients.id,
      secretHash: apiClients.secretHash,
      previousSecretHash: apiClients.previousSecretHash,
      previousSecretExpiresAt: apiClients.previousSecretExpiresAt,
      scopes: apiClients.scopes,
      revokedAt: apiClients.revokedAt,
      subscriptionTier: clinics.subscriptionTier,
    })
    .from(apiClients)
    .innerJoin(clinics, eq(clinics.id, apiClients.clinicId))
    .where(eq(apiClients.clientId, clientId))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertAccessToken(db: Database, values: typeof apiAccessTokens.$inferInsert) {
  await db.insert(apiAccessTokens).values(values);
}

export type BearerRow = {
  apiClientId: string;
  clientName: string;
  scopes: string[];
  expiresAt: Date;
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

/** The live token of a hash (not expired, its client not revoked) with its client and clinic, in one statement. */
export async function findLiveToken(db: Database, tokenHash: string, now: Date): Promise<BearerRow | null> {
  const rows = await db
    .select({
      apiClientId: apiClients.id,
      clientName: apiClients.name,
      scopes: apiAccessTokens.scopes,
      expiresAt: apiAccessTokens.expiresAt,
      clinic: {
        id: clinics.id,
        name: clinics.name,
        subscriptionTier: clinics.subscriptionTier,
        category: clinics.category,
        sandboxMode: clinics.sandboxMode,
        defaultLanguage: clinics.defaultLanguage,
        timeZone: clinics.timeZone,
        country: clinics.country,
        idleTimeoutMinutes: clinics.idleTimeoutMinutes,
      },
    })
    .from(apiAccessTokens)
    .innerJoin(
      apiClients,
      and(eq(apiClients.clinicId, apiAccessTokens.clinicId), eq(apiClients.id, apiAccessTokens.apiClientId)),
    )
    .innerJoin(clinics, eq(clinics.id, apiAccessTokens.clinicId))
    .where(
      and(
        eq(apiAccessTokens.tokenHash, tokenHash),
        gt(apiAccessTokens.expiresAt, now),
        isNull(apiClients.revokedAt),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Expired tokens are of no use to anyone: dropped when new ones are issued (bounded by the index). */
export async function deleteExpiredTokens(db: Database, now: Date) {
  await db.execute(
    sql`delete from ${apiAccessTokens} where ${apiAccessTokens.tokenHash} in (
      select ${apiAccessTokens.tokenHash} from ${apiAccessTokens} where ${apiAccessTokens.expiresAt} <= ${now} limit 500)`,
  );
}

export async function insertApiCall(db: Database, values: typeof apiCallLog.$inferInsert) {
  await db.insert(apiCallLog).values(values);
}

/** The clinic's clients with their calls since an instant (every client, 0 when none). */
export function countApiCallsSince(db: Database, clinicId: string, since: Date) {
  return db
    .select({ id: apiClients.id, calls: count(apiCallLog.id) })
    .from(apiClients)
    .leftJoin(
      apiCallLog,
      and(
        eq(apiCallLog.clinicId, apiClients.clinicId),
        eq(apiCallLog.apiClientId, apiClients.id),
        gte(apiCallLog.createdAt, since),
      ),
    )
    .where(eq(apiClients.clinicId, clinicId))
    .groupBy(apiClients.id, apiClients.createdAt)
    .orderBy(desc(apiClients.createdAt), apiClients.id);
}

/** Rate-limit counters by key, as they stand (read only: nothing is counted). */
export function findRateLimitCounters(db: Database, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.lastRequest })
    .from(rateLimits)
    .where(inArray(rateLimits.key, keys));
}

/** Many calls' audit rows in one statement (the batches of `api-usage-buffer.ts`). */
export async function insertApiCalls(db: Database, values: (typeof apiCallLog.$inferInsert)[]) {
  if (values.length > 0) await db.insert(apiCallLog).values(values);
}
