import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { openClinicalCase } from '../../db/clinical-case-pause';
import { executeRows } from '../../db/execute-rows';
import { patientCommunications } from '../../db/schema';

// What decides at send time whether an automated message may go now: the patient's other messages
// (one a clinic-local day) and an open clinical case.

/**
 * Takes the patient's sending lock until the caller's transaction ends: two workers (or two lanes of
 * one) deciding about two messages of one patient take turns, so the second sees the first's marker.
 */
export async function lockPatientSending(tx: Database, clinicId: string, patientId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`send:${clinicId}:${patientId}`}))`);
}

/**
 * When the patient's other messages were handed to a provider since `since` (in flight, sent,
 * delivered or read; a refused one reached nobody).
 */
export async function findSentToPatient(
  db: Database,
  clinicId: string,
  patientId: string,
  exceptId: string,
  since: Date,
): Promise<Date[]> {
  const rows = await db
    .select({ sentAt: patientCommunications.sentAt })
    .from(patientCommunications)
    .where(
      and(
        eq(patientCommunications.clinicId, clinicId),
        eq(patientCommunications.patientId, patientId),
        ne(patientCommunications.id, exceptId),
        gte(patientCommunications.sentAt, since),
        inArray(patientCommunications.deliveryStatus, ['sending', 'sent', 'delivered', 'read']),
      ),
    );
  return rows.flatMap((row) => (row.sentAt ? [row.sentAt] : []));
}

/** Whether the patient has an open clinical red-flag case (automated messages pause). */
export async function hasOpenClinicalCase(db: Database, clinicId: string, patientId: string) {
  const rows = await executeRows<{ open: boolean }>(
    db,
    sql`select ${openClinicalCase(clinicId, patientId)} as open`,
  );
  return rows[0]?.open === true;
}
