import { and, asc, desc, eq, getTableColumns, isNotNull, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { openClinicalCaseId } from '../../db/clinical-case-pause';
import { executeRows } from '../../db/execute-rows';
import { refreshPlannerStatistics } from '../../db/planner-statistics';
import { preparedOnce } from '../../db/prepared';
import { cases, clinics, patientCommunications, patients, reviews, surveyRequests } from '../../db/schema';
import { escapeLike } from '../../db/text-search';

export type PatientRow = typeof patients.$inferSelect;
export type NewPatientRow = typeof patients.$inferInsert;

export async function findPatientRow(db: Database, clinicId: string, id: string): Promise<PatientRow | null> {
  const rows = await db
    .select()
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** The patient's open clinical red-flag case, which pauses automated messages to them; null: none. */
export async function findOpenClinicalCaseId(db: Database, clinicId: string, patientId: string) {
  const rows = await executeRows<{ id: string | null }>(
    db,
    sql`select ${openClinicalCaseId(clinicId, patientId)} as id`,
  );
  return rows[0]?.id ?? null;
}

/** Ids of the clinic that start with `base` (for 'P-<timestamp>' uniqueness). */
export async function findIdsWithPrefix(db: Database, clinicId: string, base: string) {
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.clinicId, clinicId),
        or(eq(patients.id, base), like(patients.id, `${escapeLike(base)}-%`)),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Inserts one patient; null when the id is already taken (a concurrent insert won). */
const patientColumnKeys = Object.keys(getTableColumns(patients)) as (keyof NewPatientRow)[];

export async function insertPatientRow(db: Database, row: NewPatientRow): Promise<PatientRow | null> {
  // Prepared once per set of given columns: building the insert's SQL was a sixth of the CPU of
  // adding a patient (profiled), more than the statement's own round trip.
  const keys = patientColumnKeys.filter((key) => row[key] !== undefined);
  const shape = keys.reduce((mask, key) => mask + 2 ** patientColumnKeys.indexOf(key), 0);
  const statement = preparedOnce(db, `patient_insert_${shape.toString(36)}`, () =>
    db
      .insert(patients)
      .values(Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as unknown as NewPatientRow)
      .onConflictDoNothing()
      .returning(),
  );
  const rows = await statement.execute(row);
  return rows[0] ?? null;
}

/**
 * Inserts many patients in one statement whose rows travel as one JSON parameter
 * (`json_to_recordset`): a few milliseconds per thousand rows, where a VALUES list of a thousand
 * rows (a parameter per cell, built and bound one by one) took a hundred times more. Answers the count.
 */
export async function insertPatientRows(db: Database, rows: NewPatientRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const table = getTableColumns(patients);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))] as (keyof NewPatientRow)[];
  const columns = keys.map((key) => table[key]);
  const records = rows.map((row) =>
    Object.fromEntries(
      keys.map((key, at) => {
        const value = row[key];
        return [
          (columns[at] as (typeof columns)[number]).name,
          value instanceof Date ? value.toISOString() : (value ?? null),
        ];
      }),
    ),
  );
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const shape = sql.join(
    columns.map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const [result] = await executeRows<{ inserted: number }>(
    db,
    sql`with added as (
          insert into patients (${names})
          select ${names} from json_to_recordset(${JSON.stringify(records)}::json) as r(${shape})
          returning 1
        )
        select count(*)::int as inserted from added`,
  );
  return Number(result?.inserted ?? 0);
}

export async function updatePatientRow(
  db: Database,
  clinicId: string,
  id: string,
  set: Partial<
    Pick<NewPatientRow, 'name' | 'email' | 'phone' | 'procedure' | 'procedureOriginal' | 'status' | 'comment'>
  > & {
    updatedAt: Date;
  },
): Promise<PatientRow | null> {
  const rows = await db
    .update(patients)
    .set(set)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, id)))
    .returning();
  return rows[0] ?? null;
}

/** Every e-mail and phone of the clinic, for duplicate checks on import. */
export function listPatientContacts(db: Database, clinicId: string) {
  return db
    .select({ id: patients.id, name: patients.name, email: patients.email, phone: patients.phone })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), or(isNotNull(patients.email), isNotNull(patients.phone))));
}

/** The clinic's patients for export, newest first. */
export function listAllPatientRows(db: Database, clinicId: string) {
  return db
    .select()
    .from(patients)
    .where(eq(patients.clinicId, clinicId))
    .orderBy(desc(patients.createdAt), asc(patients.id));
}

const timelineLimit = 100;

export function listPatientReviews(db: Database, clinicId: string, patientId: string) {
  return db
    .select({
      id: reviews.id,
      at: reviews.reviewDate,
      rating: reviews.rating,
      title: reviews.title,
      text: reviews.reviewText,
      provider: reviews.provider,
    })
    .from(reviews)
    .where(and(eq(reviews.clinicId, clinicId), eq(reviews.patientId, patientId)))
    .orderBy(desc(reviews.reviewDate))
    .limit(timelineLimit);
}

export function listPatientCases(db: Database, clinicId: string, patientId: string) {
  return db
    .select({
      id: cases.id,
      at: cases.createdAt,
      title: cases.title,
      titleKind: cases.titleKind,
      titleParams: cases.titleParams,
      status: cases.status,
      severity: cases.severity,
      source: cases.source,
    })
    .from(cases)
    .where(and(eq(cases.clinicId, clinicId), eq(cases.patientId, patientId)))
    .orderBy(desc(cases.createdAt))
    .limit(timelineLimit);
}

/** The patient's answered surveys (the answer, not the sending: that is a message). */
export function listPatientSurveyAnswers(db: Database, clinicId: string, patientId: string) {
  return db
    .select({
      id: surveyRequests.id,
      at: surveyRequests.answeredAt,
      score: surveyRequests.score,
      comment: surveyRequests.comment,
    })
    .from(surveyRequests)
    .where(
      and(
        eq(surveyRequests.clinicId, clinicId),
        eq(surveyRequests.patientId, patientId),
        isNotNull(surveyRequests.answeredAt),
      ),
    )
    .orderBy(desc(surveyRequests.answeredAt))
    .limit(timelineLimit);
}

export function listPatientMessages(db: Database, clinicId: string, patientId: string) {
  return db
    .select({
      id: patientCommunications.id,
      at: sql<Date>`coalesce(${patientCommunications.sentAt}, ${patientCommunications.createdAt})`.mapWith(
        patientCommunications.createdAt,
      ),
      channel: patientCommunications.channel,
      messageKind: patientCommunications.kind,
      deliveryStatus: patientCommunications.deliveryStatus,
      content: patientCommunications.messageContent,
      responseContent: patientCommunications.responseContent,
    })
    .from(patientCommunications)
    .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.patientId, patientId)))
    .orderBy(desc(sql`coalesce(${patientCommunications.sentAt}, ${patientCommunications.createdAt})`))
    .limit(timelineLimit);
}

/** ANALYZE patients (after a bulk import). */
export function refreshPatientStatistics(db: Database) {
  return refreshPlannerStatistics(db, 'patients');
}

/** Serialises imports of one clinic until the transaction ends. */
export async function lockClinicPatients(tx: Database, clinicId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`patients:${clinicId}`}))`);
}

const importMappingKey = 'patient_import_mapping';

/** What import needs to know of the clinic: where it is, and the mapping staff last chose. */
export async function findImportSettings(db: Database, clinicId: string) {
  const rows = await db
    .select({
      country: clinics.country,
      timeZone: clinics.timeZone,
      defaultLanguage: clinics.defaultLanguage,
      mapping: sql<unknown>`${clinics.settings} -> ${importMappingKey}`,
    })
    .from(clinics)
    .where(eq(clinics.id, clinicId))
    .limit(1);
  return rows[0] ?? null;
}

/** Remembers the mapping for the clinic's next import (only this key of the settings changes). */
export async function saveImportMapping(
  db: Database,
  clinicId: string,
  mapping: Record<string, string | null>,
) {
  await db
    .update(clinics)
    .set({
      settings: sql`jsonb_set(${clinics.settings}, ${`{${importMappingKey}}`}::text[], ${JSON.stringify(mapping)}::jsonb)`,
    })
    .where(eq(clinics.id, clinicId));
}
