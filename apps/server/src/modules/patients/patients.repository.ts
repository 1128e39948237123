import type { PatientListSort, PatientRiskFilter } from '@careloop/contracts/analytics';
import { riskRank } from '@careloop/domain/analytics/patient-risk';
import type { PatientStatus } from '@careloop/domain/patient';
import { and, asc, desc, eq, getTableColumns, ilike, isNotNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readClinicCounts } from '../../db/clinic-counts';
import { openClinicalCaseId } from '../../db/clinical-case-pause';
import { executeRows } from '../../db/execute-rows';
import {
  afterCursorPlaceholder,
  cursorPlaceholders,
  cursorTimestamp,
  type KeysetCursor,
} from '../../db/keyset-cursor';
import { refreshPlannerStatistics } from '../../db/planner-statistics';
import { isoTime, preparedOnce, preparedRows, selectedAs } from '../../db/prepared';
import { cases, clinics, patientCommunications, patients, reviews, surveyRequests } from '../../db/schema';

export type PatientRow = typeof patients.$inferSelect;
export type NewPatientRow = typeof patients.$inferInsert;
export type PatientCursor = KeysetCursor;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export type PatientFilter = { q?: string; status?: PatientStatus; risk?: PatientRiskFilter };

/** The risk ranks a filter keeps: one level, or medium and high (at risk). */
function riskRanks(risk: PatientRiskFilter | undefined) {
  if (!risk) return undefined;
  return risk === 'at_risk'
    ? { min: riskRank.medium, max: riskRank.high }
    : { min: riskRank[risk], max: riskRank[risk] };
}

/** The filter's shape (which conditions apply) names a prepared statement; its values fill it. */
function filterShape(filter: PatientFilter) {
  const q = filter.q?.trim();
  const digits = q ? q.replace(/\D/g, '') : '';
  // Phones are stored in E.164: "+1 (415) 555" finds "+1415555...".
  const search = !q ? '' : digits.length >= 3 ? 'd' : 't';
  const ranks = riskRanks(filter.risk);
  return {
    key: `${filter.status ? 's' : ''}${search}${ranks ? 'r' : ''}`,
    values: {
      status: filter.status,
      riskMin: ranks?.min,
      riskMax: ranks?.max,
      pattern: q ? `%${escapeLike(q)}%` : undefined,
      phonePattern: !q ? undefined : search === 'd' ? `%${digits}%` : `%${escapeLike(q)}%`,
    },
  };
}

function filterWhere(key: string): SQL | undefined {
  const pattern = sql.placeholder('pattern');
  const search =
    key.includes('d') || key.includes('t')
      ? or(
          ilike(patients.name, pattern),
          ilike(patients.email, pattern),
          key.includes('d')
            ? like(patients.phone, sql.placeholder('phonePattern'))
            : ilike(patients.phone, sql.placeholder('phonePattern')),
        )
      : undefined;
  return and(
    eq(patients.clinicId, sql.placeholder('clinicId')),
    key.includes('s') ? eq(patients.status, sql.placeholder('status')) : undefined,
    key.includes('r')
      ? sql`${patients.riskRank} between ${sql.placeholder('riskMin')} and ${sql.placeholder('riskMax')}`
      : undefined,
    search,
  );
}

/** What a patient answer is made of, its times as the reader has them (Drizzle: Dates; a list statement: ISO strings). */
export type PatientFields<Time> = Pick<
  PatientRow,
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'procedure'
  | 'status'
  | 'comment'
  | 'language'
  | 'marketingConsent'
  | 'marketingConsentSource'
  | 'marketingConsentRecordedBy'
> & {
  procedureDate: Time | null;
  lastCheck: Time | null;
  marketingConsentAt: Time | null;
  createdAt: Time;
  updatedAt: Time;
};

/** A patient of a list page, times as ISO strings, with the page's cursor time. */
export type PatientListRow = PatientFields<string> &
  Pick<PatientRow, 'riskLevel' | 'riskReasons' | 'riskRank'> & { cursorTs: string };

/** Rows after the cursor in (risk_rank desc, created_at desc, id asc) order. */
function afterRiskCursor(): SQL {
  const rank = sql.placeholder('cursorRank');
  return sql`(${patients.riskRank} < ${rank} or (${patients.riskRank} = ${rank} and ${afterCursorPlaceholder(patients.createdAt, patients.id)}))`;
}

/**
 * One page, newest first, ordered as the (clinic_id, created_at desc, id) index; or highest risk
 * first, then newest, as the (clinic_id, risk_rank desc, created_at desc, id) index.
 */
export function listPatientRows(
  db: Database,
  clinicId: string,
  options: PatientFilter & { limit: number; cursor: PatientCursor | null; sort?: PatientListSort },
) {
  const shape = filterShape(options);
  const byRisk = options.sort === 'risk';
  const after = !options.cursor
    ? undefined
    : byRisk
      ? afterRiskCursor()
      : afterCursorPlaceholder(patients.createdAt, patients.id);
  const order = byRisk
    ? [desc(patients.riskRank), desc(patients.createdAt), asc(patients.id)]
    : [desc(patients.createdAt), asc(patients.id)];
  const statement = preparedRows<PatientListRow>(
    db,
    `patients_list_${shape.key}${options.cursor ? 'c' : ''}${byRisk ? '_risk' : ''}`,
    () =>
      db
        .select(
          selectedAs({
            id: patients.id,
            name: patients.name,
            email: patients.email,
            phone: patients.phone,
            procedure: patients.procedure,
            status: patients.status,
            comment: patients.comment,
            language: patients.language,
            marketingConsent: patients.marketingConsent,
            marketingConsentAt: isoTime(patients.marketingConsentAt),
            marketingConsentSource: patients.marketingConsentSource,
            marketingConsentRecordedBy: patients.marketingConsentRecordedBy,
            procedureDate: isoTime(patients.procedureDate),
            lastCheck: isoTime(patients.lastCheck),
            createdAt: isoTime(patients.createdAt),
            updatedAt: isoTime(patients.updatedAt),
            riskLevel: patients.riskLevel,
            riskReasons: patients.riskReasons,
            riskRank: patients.riskRank,
            cursorTs: cursorTimestamp(patients.createdAt),
          }),
        )
        .from(patients)
        .where(and(filterWhere(shape.key), after))
        .orderBy(...order)
        .limit(sql.placeholder('limit')),
  );
  return statement.execute({
    clinicId,
    limit: options.limit + 1,
    ...shape.values,
    ...cursorPlaceholders(options.cursor),
    cursorRank: options.cursor?.r,
  });
}

/** The clinic's patients matching the filter: a kept count (ADR 009) unless a search applies. */
export async function countPatientRows(db: Database, clinicId: string, filter: PatientFilter) {
  const shape = filterShape(filter);
  if (shape.key === '' || shape.key === 's') {
    const counts = await readClinicCounts(db, clinicId);
    return filter.status ? counts[`patients_${filter.status}`] : counts.patients_total;
  }
  const statement = preparedOnce(db, `patients_count_${shape.key}`, () =>
    db.select({ total: sql<number>`count(*)::int` }).from(patients).where(filterWhere(shape.key)),
  );
  const rows = await statement.execute({ clinicId, ...shape.values });
  return rows[0]?.total ?? 0;
}

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
export async function insertPatientRow(db: Database, row: NewPatientRow): Promise<PatientRow | null> {
  const rows = await db.insert(patients).values(row).onConflictDoNothing().returning();
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
  set: Partial<Pick<NewPatientRow, 'name' | 'email' | 'phone' | 'procedure' | 'status' | 'comment'>> & {
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

/** Runs `work` in one transaction (import: all batches or none). */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
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
