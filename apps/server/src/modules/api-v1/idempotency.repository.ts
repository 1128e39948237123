import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiIdempotencyKeys } from '../../db/schema';

export type IdempotencyScope = { clinicId: string; apiClientId: string; key: string };
export type IdempotencyRow = typeof apiIdempotencyKeys.$inferSelect;

const byScope = (scope: IdempotencyScope) =>
  and(
    eq(apiIdempotencyKeys.clinicId, scope.clinicId),
    eq(apiIdempotencyKeys.apiClientId, scope.apiClientId),
    eq(apiIdempotencyKeys.key, scope.key),
  );

/**
 * Takes the key for this request (status null: running), also over a stored answer older than
 * `expiredBefore`; null when a live row holds it (another request took it first).
 */
export async function claimIdempotencyKey(
  db: Database,
  scope: IdempotencyScope,
  requestHash: string,
  now: Date,
  expiredBefore: Date,
): Promise<boolean> {
  const rows = await db
    .insert(apiIdempotencyKeys)
    .values({ ...scope, requestHash, createdAt: now })
    .onConflictDoUpdate({
      target: [apiIdempotencyKeys.clinicId, apiIdempotencyKeys.apiClientId, apiIdempotencyKeys.key],
      set: { requestHash, statusCode: null, response: null, createdAt: now },
      setWhere: lte(apiIdempotencyKeys.createdAt, expiredBefore),
    })
    .returning({ key: apiIdempotencyKeys.key });
  return rows.length > 0;
}

export async function findIdempotencyRow(
  db: Database,
  scope: IdempotencyScope,
): Promise<IdempotencyRow | null> {
  const rows = await db.select().from(apiIdempotencyKeys).where(byScope(scope)).limit(1);
  return rows[0] ?? null;
}

export async function storeIdempotentAnswer(
  db: Database,
  scope: IdempotencyScope,
  answer: { statusCode: number; response: unknown },
) {
  await db
    .update(apiIdempotencyKeys)
    .set({ statusCode: answer.statusCode, response: sql`${JSON.stringify(answer.response)}::jsonb` })
    .where(byScope(scope));
}

export async function releaseIdempotencyKey(db: Database, scope: IdempotencyScope) {
  await db.delete(apiIdempotencyKeys).where(byScope(scope));
}

/** Answers past their 24 hours are dropped, a bounded batch at a time, as new keys come in. */
export async function deleteExpiredIdempotencyKeys(db: Database, expiredBefore: Date) {
  await db.execute(
    sql`delete from ${apiIdempotencyKeys} where ctid in (
      select ctid from ${apiIdempotencyKeys} where ${apiIdempotencyKeys.createdAt} <= ${expiredBefore} limit 200)`,
  );
}
