import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { openClinicalCase } from '../../db/clinical-case-pause';
import {
  clinicAutomationConfigs,
  clinicSurveySettings,
  clinics,
  patientCommunications,
  patients,
  surveyRequests,
} from '../../db/schema';

// What the survey planner reads and writes: clinics with surveys on, the patients whose survey day
// may have come, what the outbox already holds for them, and the planned surveys themselves.

export type SurveyClinicRow = {
  clinicId: string;
  timeZone: string;
  defaultLanguage: string;
  subscriptionTier: string;
  sandboxClock: boolean;
  settings: typeof clinicSurveySettings.$inferSelect | null;
  config: typeof clinicAutomationConfigs.$inferSelect | null;
};

const surveyClinicColumns = {
  clinicId: clinics.id,
  timeZone: clinics.timeZone,
  defaultLanguage: clinics.defaultLanguage,
  subscriptionTier: clinics.subscriptionTier,
  sandboxClock: clinics.sandboxClock,
  settings: clinicSurveySettings,
  config: clinicAutomationConfigs,
};

/** One clinic with its survey settings and automation configuration (quiet hours). */
export async function findSurveyClinic(db: Database, clinicId: string): Promise<SurveyClinicRow | null> {
  const rows = await db
    .select(surveyClinicColumns)
    .from(clinics)
    .leftJoin(clinicSurveySettings, eq(clinicSurveySettings.clinicId, clinics.id))
    .leftJoin(clinicAutomationConfigs, eq(clinicAutomationConfigs.clinicId, clinics.id))
    .where(eq(clinics.id, clinicId))
    .limit(1);
  return rows[0] ?? null;
}

/** Clinics with surveys switched on, on the real clock (a sandbox-clock clinic plans in its runs). */
export async function listClinicIdsWithSurveysOn(db: Database): Promise<string[]> {
  const rows = await db
    .select({ clinicId: clinics.id })
    .from(clinicSurveySettings)
    .innerJoin(clinics, eq(clinics.id, clinicSurveySettings.clinicId))
    .where(and(eq(clinicSurveySettings.enabled, true), eq(clinics.sandboxClock, false)))
    .orderBy(asc(clinics.id));
  return rows.map((row) => row.clinicId);
}

export type SurveyPlanningPatientRow = {
  id: string;
  procedure: string;
  /** The stored instant (the survey request keeps it) and its calendar date in the clinic's zone. */
  procedureAt: Date;
  procedureDate: string;
  language: string | null;
  hasPhone: boolean;
  hasEmail: boolean;
  smsOptedOut: boolean;
  whatsappOptedOut: boolean;
  clinicalCaseOpen: boolean;
};

/** One batch (by id) of patients whose procedure lies between `since` and `until`. */
export async function findSurveyPlanningPatients(
  db: Database,
  clinicId: string,
  options: { afterId: string | null; limit: number; since: Date; until: Date; timeZone: string },
): Promise<SurveyPlanningPatientRow[]> {
  return db
    .select({
      id: patients.id,
      procedure: sql<string>`coalesce(trim(${patients.procedure}), '')`,
      procedureAt: sql<Date>`${patients.procedureDate}`.mapWith(patients.procedureDate),
      procedureDate: sql<string>`to_char(${patients.procedureDate} at time zone ${options.timeZone}, 'YYYY-MM-DD')`,
      language: patients.language,
      hasPhone: sql<boolean>`coalesce(trim(${patients.phone}), '') <> ''`,
      hasEmail: sql<boolean>`coalesce(trim(${patients.email}), '') <> ''`,
      smsOptedOut: sql<boolean>`${patients.smsOptedOutAt} is not null`,
      whatsappOptedOut: sql<boolean>`${patients.whatsappOptedOutAt} is not null`,
      clinicalCaseOpen: sql<boolean>`${openClinicalCase(sql`${patients.clinicId}`, sql`${patients.id}`)}`,
    })
    .from(patients)
    .where(
      and(
        eq(patients.clinicId, clinicId),
        options.afterId === null ? undefined : gt(patients.id, options.afterId),
        isNotNull(patients.procedureDate),
        sql`${patients.procedureDate} >= ${options.since}`,
        lte(patients.procedureDate, options.until),
      ),
    )
    .orderBy(asc(patients.id))
    .limit(options.limit);
}

/**
 * For these patients: the survey dedupe keys already in the outbox, and the clinic-local days on
 * which another message is planned or went (`since` on; failed ones left out).
 */
export async function findSurveyPlanningMessages(
  db: Database,
  clinicId: string,
  patientIds: string[],
  since: Date,
) {
  if (patientIds.length === 0) return [];
  return db
    .select({
      patientId: patientCommunications.patientId,
      kind: patientCommunications.kind,
      dedupeKey: patientCommunications.dedupeKey,
      sendDate: patientCommunications.sendDate,
      failed: sql<boolean>`${patientCommunications.deliveryStatus} = 'failed'`,
    })
    .from(patientCommunications)
    .where(
      and(
        eq(patientCommunications.clinicId, clinicId),
        inArray(patientCommunications.patientId, patientIds),
        sql`(${patientCommunications.kind} = 'survey' or coalesce(${patientCommunications.sentAt}, ${patientCommunications.scheduledAt}, ${patientCommunications.createdAt}) >= ${since})`,
      ),
    );
}

export type NewPlannedSurvey = {
  id: string;
  patientId: string;
  procedure: string;
  procedureAt: Date;
  channel: string;
  language: string;
  tokenHash: string;
  dedupeKey: string;
  scheduledAt: Date;
  sendDate: string;
};

/**
 * Writes a planned survey: its outbox message (queued, kind 'survey') and its survey request under
 * the same id, in the caller's transaction. A survey already planned (same dedupe key, or the same
 * patient and procedure) is left alone: answers whether it was new.
 */
export async function insertPlannedSurvey(db: Database, clinicId: string, survey: NewPlannedSurvey) {
  const request = await db
    .insert(surveyRequests)
    .values({
      clinicId,
      id: survey.id,
      patientId: survey.patientId,
      procedure: survey.procedure,
      procedureDate: survey.procedureAt,
      channel: survey.channel,
      language: survey.language,
      tokenHash: survey.tokenHash,
    })
    .onConflictDoNothing()
    .returning({ id: surveyRequests.id });
  if (request.length === 0) return false;
  const message = await db
    .insert(patientCommunications)
    .values({
      clinicId,
      id: survey.id,
      patientId: survey.patientId,
      channel: survey.channel,
      kind: 'survey',
      messageContent: '',
      deliveryStatus: 'queued',
      dedupeKey: survey.dedupeKey,
      scheduledAt: survey.scheduledAt,
      sendDate: survey.sendDate,
      language: survey.language,
    })
    .onConflictDoNothing()
    .returning({ id: patientCommunications.id });
  if (message.length === 0) {
    await db
      .delete(surveyRequests)
      .where(and(eq(surveyRequests.clinicId, clinicId), eq(surveyRequests.id, survey.id)));
    return false;
  }
  return true;
}
