import type { RetentionRemoved } from '@careloop/contracts/compliance';
import { and, eq, inArray, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { refreshProcedureComplaintRate } from '../../db/patient-risk';
import { alerts, cases, clinicDataRetention, patientCommunications, webhookLogs } from '../../db/schema';

export type RetentionRow = typeof clinicDataRetention.$inferSelect;

export async function findRetention(db: Database, clinicId: string): Promise<RetentionRow | null> {
  const [row] = await db.select().from(clinicDataRetention).where(eq(clinicDataRetention.clinicId, clinicId));
  return row ?? null;
}

export async function upsertRetention(
  db: Database,
  values: { clinicId: string; messagesDays: number | null; resolvedCasesDays: number | null; userId: string },
) {
  const set = {
    messagesDays: values.messagesDays,
    resolvedCasesDays: values.resolvedCasesDays,
    updatedByUserId: values.userId,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(clinicDataRetention)
    .values({ clinicId: values.clinicId, ...set })
    .onConflictDoUpdate({ target: clinicDataRetention.clinicId, set })
    .returning();
  return row!;
}

/** Clinics that limit how long something is kept. */
export async function listClinicsWithRetention(db: Database): Promise<RetentionRow[]> {
  return db
    .select()
    .from(clinicDataRetention)
    .where(or(isNotNull(clinicDataRetention.messagesDays), isNotNull(clinicDataRetention.resolvedCasesDays)));
}

const count = (rows: unknown[]) => rows.length;

/**
 * Removes one clinic's rows older than its cutoffs (in the caller's transaction, with the run's record).
 * Messages still waiting to go (queued, sending) are never removed; neither are open cases.
 */
export async function deleteExpiredRows(
  tx: Transaction,
  clinicId: string,
  cutoffs: { messagesBefore: Date | null; resolvedCasesBefore: Date | null },
): Promise<RetentionRemoved> {
  const removed: RetentionRemoved = { messages: 0, inboundMessages: 0, cases: 0, alerts: 0 };
  if (cutoffs.messagesBefore) {
    removed.messages = count(
      await tx
        .delete(patientCommunications)
        .where(
          and(
            eq(patientCommunications.clinicId, clinicId),
            notInArray(patientCommunications.deliveryStatus, ['queued', 'sending']),
            sql`coalesce(${patientCommunications.sentAt}, ${patientCommunications.createdAt}) < ${cutoffs.messagesBefore.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: patientCommunications.id }),
    );
    removed.inboundMessages = count(
      await tx
        .delete(webhookLogs)
        .where(and(eq(webhookLogs.clinicId, clinicId), lt(webhookLogs.receivedAt, cutoffs.messagesBefore)))
        .returning({ id: webhookLogs.id }),
    );
  }
  if (cutoffs.resolvedCasesBefore) {
    removed.cases = count(
      await tx
        .delete(cases)
        .where(
          and(
            eq(cases.clinicId, clinicId),
            inArray(cases.status, ['resolved', 'closed']),
            sql`coalesce(${cases.resolvedAt}, ${cases.updatedAt}) < ${cutoffs.resolvedCasesBefore.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: cases.id }),
    );
    // Fewer patients who had a case: the procedures' complaint rates, once for the clinic.
    if (removed.cases > 0) await refreshProcedureComplaintRate(tx, clinicId, 'all');
    removed.alerts = count(
      await tx
        .delete(alerts)
        .where(
          and(
            eq(alerts.clinicId, clinicId),
            eq(alerts.status, 'resolved'),
            sql`coalesce(${alerts.resolvedAt}, ${alerts.createdAt}) < ${cutoffs.resolvedCasesBefore.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: alerts.id }),
    );
  }
  return removed;
}

/** Records when the clinic's retention last ran and what it removed. */
export async function recordRetentionRun(
  tx: Transaction,
  clinicId: string,
  now: Date,
  removed: RetentionRemoved,
) {
  await tx
    .update(clinicDataRetention)
    .set({ lastAppliedAt: now, lastRemoved: removed })
    .where(eq(clinicDataRetention.clinicId, clinicId));
}
