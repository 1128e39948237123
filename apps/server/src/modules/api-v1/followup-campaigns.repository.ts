import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { openClinicalCase } from '../../db/clinical-case-pause';
import { followUpCampaigns, patientCommunications, patients } from '../../db/schema';

export type CampaignPatientRow = {
  id: string;
  hasPhone: boolean;
  procedureDate: Date | null;
  smsOptedOut: boolean;
  whatsappOptedOut: boolean;
  /** Automated messages pause while it is open (db/clinical-case-pause.ts). */
  clinicalCaseOpen: boolean;
};

/**
 * What decides whether a patient can be followed up: a phone, a procedure date, the opt-outs and
 * an open clinical case.
 */
export async function findCampaignPatient(
  db: Database,
  clinicId: string,
  patientId: string,
): Promise<CampaignPatientRow | null> {
  const rows = await db
    .select({
      id: patients.id,
      phone: patients.phone,
      procedureDate: patients.procedureDate,
      smsOptedOutAt: patients.smsOptedOutAt,
      whatsappOptedOutAt: patients.whatsappOptedOutAt,
      clinicalCaseOpen: sql<boolean>`${openClinicalCase(clinicId, patientId)}`,
    })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    hasPhone: Boolean(row.phone?.trim()),
    procedureDate: row.procedureDate,
    smsOptedOut: row.smsOptedOutAt !== null,
    whatsappOptedOut: row.whatsappOptedOutAt !== null,
    clinicalCaseOpen: row.clinicalCaseOpen === true,
  };
}

/** The patient's follow-up messages in the outbox, by schedule day. */
export function listFollowUpMessages(db: Database, clinicId: string, patientId: string) {
  return db
    .select({
      id: patientCommunications.id,
      channel: patientCommunications.channel,
      status: patientCommunications.deliveryStatus,
      scheduleDay: patientCommunications.scheduleDay,
      scheduledAt: patientCommunications.scheduledAt,
    })
    .from(patientCommunications)
    .where(
      and(
        eq(patientCommunications.clinicId, clinicId),
        eq(patientCommunications.patientId, patientId),
        eq(patientCommunications.kind, 'followup'),
      ),
    )
    .orderBy(asc(patientCommunications.scheduleDay), asc(patientCommunications.id));
}

export async function insertCampaign(db: Database, values: typeof followUpCampaigns.$inferInsert) {
  const rows = await db.insert(followUpCampaigns).values(values).returning();
  return rows[0]!;
}

/** One campaign of the clinic, or null (another clinic's id is none of its campaigns). */
export async function findCampaign(db: Database, clinicId: string, id: string) {
  const rows = await db
    .select()
    .from(followUpCampaigns)
    .where(and(eq(followUpCampaigns.clinicId, clinicId), eq(followUpCampaigns.id, id)))
    .limit(1);
  return rows[0] ?? null;
}
