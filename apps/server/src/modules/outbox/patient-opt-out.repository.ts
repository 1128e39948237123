import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { patients } from '../../db/schema';

/**
 * Records a provider's opt-out answer for SMS; an earlier opt-out keeps its own time and source.
 * True when it changed.
 */
export async function recordSmsOptOutByProvider(
  db: Database,
  clinicId: string,
  patientId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(patients)
    .set({ smsOptedOutAt: at, smsOptOutSource: 'provider', updatedAt: sql`now()` })
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId), isNull(patients.smsOptedOutAt)))
    .returning({ id: patients.id });
  return rows.length > 0;
}
