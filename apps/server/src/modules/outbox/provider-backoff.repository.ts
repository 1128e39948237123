import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { providerBackoffs } from '../../db/schema';

export type ProviderBackoff = { until: Date; strikes: number };

/** The clinic's back-offs by provider (every row: `strikes` matter after `until` has passed). */
export async function findClinicBackoffs(
  db: Database,
  clinicId: string,
): Promise<Map<string, ProviderBackoff>> {
  const rows = await db
    .select({
      provider: providerBackoffs.provider,
      until: providerBackoffs.until,
      strikes: providerBackoffs.strikes,
    })
    .from(providerBackoffs)
    .where(eq(providerBackoffs.clinicId, clinicId));
  return new Map(rows.map((row) => [row.provider, { until: row.until, strikes: row.strikes }]));
}

/**
 * A 429 from the provider: its sends for the clinic wait until `until` (never shortened by a
 * concurrent writer's earlier time), one more strike. Answers the row as it is now.
 */
export async function recordRateLimit(
  db: Database,
  clinicId: string,
  provider: string,
  until: Date,
  now: Date,
): Promise<ProviderBackoff> {
  const rows = await db
    .insert(providerBackoffs)
    .values({ clinicId, provider, until, strikes: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [providerBackoffs.clinicId, providerBackoffs.provider],
      set: {
        until: sql`greatest(${providerBackoffs.until}, excluded.until)`,
        strikes: sql`${providerBackoffs.strikes} + 1`,
        updatedAt: now,
      },
    })
    .returning({ until: providerBackoffs.until, strikes: providerBackoffs.strikes });
  return rows[0] ?? { until, strikes: 1 };
}

/** A send went through: the next 429 starts the exponential wait from the beginning. */
export async function clearRateLimitStrikes(db: Database, clinicId: string, provider: string, now: Date) {
  await db
    .update(providerBackoffs)
    .set({ strikes: 0, updatedAt: now })
    .where(
      and(
        eq(providerBackoffs.clinicId, clinicId),
        eq(providerBackoffs.provider, provider),
        gt(providerBackoffs.strikes, 0),
      ),
    );
}
