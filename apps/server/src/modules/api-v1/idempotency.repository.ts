import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
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
 * `expiredBefore` and over the same request's claim still unanswered since before `abandonedBefore`;
 * false when a live row holds it (another request took it first). The claim is the row's
 * `created_at` = `now`: storing or releasing names it, so a request whose claim was taken over
 * changes nothing of its successor's.
 */
export async function claimIdempotencyKey(
  db: Database,
  scope: IdempotencyScope,
  requestHash: string,
  now: Date,
  limits: { expiredBefore: Date; abandonedBefore: Date },
): Promise<boolean> {
  const rows = await db
    .insert(apiIdempotencyKeys)
    .values({ ...scope, requestHash, createdAt: now })
    .onConflictDoUpdate({
      target: [apiIdempotencyKeys.clinicId, apiIdempotencyKeys.apiClientId, apiIdempotencyKeys.key],
      set: { requestHash, statusCode: null, response: null, createdAt: now },
      // Evaluated on the row as it is once locked: of two retries racing for an abandoned claim,
      // the second sees the first's fresh one and takes nothing.
      setWhere: or(
        lte(apiIdempotencyKeys.createdAt, limits.expiredBefore),
        and(
          isNull(apiIdempotencyKeys.statusCode),
          eq(apiIdempotencyKeys.requestHash, requestHash),
          lte(apiIdempotencyKeys.createdAt, limits.abandonedBefore),
        ),
      ),
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

const byClaim = (scope: IdempotencyScope, claimedAt: Date) =>
  and(byScope(scope), eq(apiIdempotencyKeys.createdAt, claimedAt), isNull(apiIdempotencyKeys.statusCode));

/** Stores the answer under the request's own claim (`claimedAt`); nothing when it was taken over. */
export async function storeIdempotentAnswer(
  db: Database,
  scope: IdempotencyScope,
  claimedAt: Date,
  answer: { statusCode: number; response: unknown },
) {
  await db
    .update(apiIdempotencyKeys)
    .set({ statusCode: answer.statusCode, response: sql`${JSON.stringify(answer.response)}::jsonb` })
    .where(byClaim(scope, claimedAt));
}

/** Frees the key of the request's own claim (`claimedAt`); nothing when it was taken over. */
export async function releaseIdempotencyKey(db: Database, scope: IdempotencyScope, claimedAt: Date) {
  await db.delete(apiIdempotencyKeys).where(byClaim(scope, claimedAt));
}

/** Answers past their 24 hours are dropped, a bounded batch at a time, as new keys come in. */
export async function deleteExpiredIdempotencyKeys(db: Database, expiredBefore: Date) {
  await db.execute(
    sql`delete from ${apiIdempotencyKeys} where ctid in (
      select ctid from ${apiIdempotencyKeys} where ${apiIdempotencyKeys.createdAt} <= ${expiredBefore} limit 200)`,
  );
}
