import { and, asc, eq, gt, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { openClinicalCase } from '../../db/clinical-case-pause';
import { executeRows } from '../../db/execute-rows';
import { clinicAutomationConfigs, clinics, patientCommunications, patients, reviews } from '../../db/schema';

export type AutomationConfigRow = typeof clinicAutomationConfigs.$inferSelect;
export type AutomationConfigValues = Omit<
  typeof clinicAutomationConfigs.$inferInsert,
  | 'clinicId'
  | 'updatedAt'
  | 'aiReviewResponseEnabled'
  | 'aiReviewResponseThreshold'
  | 'aiReviewResponseDelayHours'
>;

export type ClinicAutomationRow = {
  clinicId: string;
  timeZone: string;
  defaultLanguage: string;
  /** Planned by its sandbox runs only, not by the real-time planner. */
  sandboxClock: boolean;
  config: AutomationConfigRow | null;
};

/** The clinic's time zone and language with its configuration (null when it never saved one). */
export async function findClinicAutomation(
  db: Database,
  clinicId: string,
): Promise<ClinicAutomationRow | null> {
  const rows = await db
    .select({
      clinicId: clinics.id,
      timeZone: clinics.timeZone,
      defaultLanguage: clinics.defaultLanguage,
      sandboxClock: clinics.sandboxClock,
      config: clinicAutomationConfigs,
    })
    .from(clinics)
    .leftJoin(clinicAutomationConfigs, eq(clinicAutomationConfigs.clinicId, clinics.id))
    .where(eq(clinics.id, clinicId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * One row per clinic, keyed by clinic_id: the automation fields are replaced, the AI review
 * response fields (written by Settings) keep their values.
 */
export async function upsertAutomationSettings(
  db: Database,
  clinicId: string,
  values: AutomationConfigValues,
) {
  await db
    .insert(clinicAutomationConfigs)
    .values({ clinicId, ...values })
    .onConflictDoUpdate({
      target: clinicAutomationConfigs.clinicId,
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** Clinics whose configuration has a channel switched on (the automation is running). */
export async function listClinicsWithAutomationOn(db: Database): Promise<{ clinicId: string }[]> {
  return db
    .select({ clinicId: clinics.id })
    .from(clinicAutomationConfigs)
    .innerJoin(clinics, eq(clinics.id, clinicAutomationConfigs.clinicId))
    .where(
      and(
        or(eq(clinicAutomationConfigs.smsEnabled, true), eq(clinicAutomationConfigs.whatsappEnabled, true)),
        // A clinic on the sandbox clock is planned by its sandbox runs only.
        eq(clinics.sandboxClock, false),
      ),
    )
    .orderBy(asc(clinics.id));
}

export type PlanningPatientRow = {
  id: string;
  /** The procedure's calendar date ('YYYY-MM-DD') in the clinic's time zone. */
  procedureDate: string;
  language: string | null;
  hasPhone: boolean;
  smsOptedOut: boolean;
  whatsappOptedOut: boolean;
  hasMarketingConsent: boolean;
};

// Qualified by hand: Drizzle may write a column without its table, which inside this subquery
// would name the review's own column.
const patientsClinicId = sql`${sql.identifier('patients')}.${sql.identifier('clinic_id')}`;
const patientsId = sql`${sql.identifier('patients')}.${sql.identifier('id')}`;

/** 4-5 stars, matched to the patient (spec 2 §2: cross-sell after a good review). */
const positiveReviewExists = sql<boolean>`exists (
  select 1 from ${reviews}
  where ${reviews.clinicId} = ${patientsClinicId}
    and ${reviews.patientId} = ${patientsId}
    and ${reviews.rating} >= 4
    and ${reviews.matchStatus} = 'matched'
)`;

/**
 * One batch (by id) of the clinic's patients who may be due: a procedure on or before `now`, and
 * either since `recentSince` (the follow-up window) or, when cross-sell is on, before
 * `crossSellBefore` with a good review.
 */
export async function findPlanningPatients(
  db: Database,
  clinicId: string,
  options: {
    afterId: string | null;
    /** One patient only (the API starting a patient's sequence). */
    onlyPatientId?: string;
    limit: number;
    now: Date;
    recentSince: Date;
    crossSellBefore: Date | null;
    /** The clinic's time zone, for the procedure's calendar date. */
    timeZone: string;
  },
): Promise<PlanningPatientRow[]> {
  const window = options.crossSellBefore
    ? or(
        sql`${patients.procedureDate} >= ${options.recentSince}`,
        and(lte(patients.procedureDate, options.crossSellBefore), positiveReviewExists),
      )
    : sql`${patients.procedureDate} >= ${options.recentSince}`;
  return db
    .select({
      id: patients.id,
      procedureDate: sql<string>`to_char(${patients.procedureDate} at time zone ${options.timeZone}, 'YYYY-MM-DD')`,
      language: patients.language,
      hasPhone: sql<boolean>`coalesce(trim(${patients.phone}), '') <> ''`,
      smsOptedOut: sql<boolean>`${patients.smsOptedOutAt} is not null`,
      whatsappOptedOut: sql<boolean>`${patients.whatsappOptedOutAt} is not null`,
      hasMarketingConsent: sql<boolean>`coalesce(${patients.marketingConsent} = 'granted', false)`,
    })
    .from(patients)
    .where(
      and(
        eq(patients.clinicId, clinicId),
        options.afterId === null ? undefined : gt(patients.id, options.afterId),
        options.onlyPatientId === undefined ? undefined : eq(patients.id, options.onlyPatientId),
        isNotNull(patients.procedureDate),
        lte(patients.procedureDate, options.now),
        window,
      ),
    )
    .orderBy(asc(patients.id))
    .limit(options.limit);
}

/** The clinic's patients with a 4-5 star review matched to them (far fewer than its patients). */
export async function findPatientsWithPositiveReview(db: Database, clinicId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ patientId: reviews.patientId })
    .from(reviews)
    .where(
      and(
        eq(reviews.clinicId, clinicId),
        isNotNull(reviews.patientId),
        gte(reviews.rating, 4),
        eq(reviews.matchStatus, 'matched'),
      ),
    );
  return new Set(rows.flatMap((row) => (row.patientId ? [row.patientId] : [])));
}

/** Patients with an open clinical red-flag case: automated messages to them pause. */
export async function findPatientsWithOpenClinicalCase(db: Database, clinicId: string): Promise<Set<string>> {
  const rows = await executeRows<{ patient_id: string }>(
    db,
    sql`
    select distinct p.patient_id from cases p
    where p.clinic_id = ${clinicId} and p.source = 'alert' and p.status in ('open', 'in_progress')
      and ${openClinicalCase(sql`p.clinic_id`, sql`p.patient_id`)}
  `,
  );
  return new Set(rows.map((row) => row.patient_id));
}

export type ExistingMessageRow = { patientId: string; kind: string; scheduleDay: number | null; at: Date };

const messageAt = sql`coalesce(${patientCommunications.sentAt}, ${patientCommunications.scheduledAt}, ${patientCommunications.createdAt})`;

/**
 * The messages that bear on planning for these patients: every follow-up and cross-sell (each
 * goes once), and any message since `since` (the one-a-day cap).
 */
export async function findExistingMessages(
  db: Database,
  clinicId: string,
  patientIds: string[],
  since: Date,
): Promise<ExistingMessageRow[]> {
  if (patientIds.length === 0) return [];
  return db
    .select({
      patientId: patientCommunications.patientId,
      kind: patientCommunications.kind,
      scheduleDay: patientCommunications.scheduleDay,
      at: sql<Date>`${messageAt}`.mapWith(patientCommunications.createdAt),
    })
    .from(patientCommunications)
    .where(
      and(
        eq(patientCommunications.clinicId, clinicId),
        sql`${patientCommunications.patientId} = any(${sql.param(patientIds)}::text[])`,
        or(inArray(patientCommunications.kind, ['followup', 'crosssell']), sql`${messageAt} >= ${since}`),
      ),
    );
}

export type NewPlannedMessage = {
  id: string;
  patientId: string;
  channel: string;
  fallbackChannel: string | null;
  kind: string;
  scheduleDay: number;
  dedupeKey: string;
  scheduledAt: Date;
  sendDate: string;
  language: string;
  isMarketing: boolean;
};

/**
 * Writes planned messages into the outbox as 'queued' (the sender writes the text). A message
 * already planned (same dedupe key, or same patient, kind and day) is left alone: answers how
 * many rows were new.
 */
export async function insertPlannedMessages(
  db: Database,
  clinicId: string,
  messages: NewPlannedMessage[],
): Promise<number> {
  if (messages.length === 0) return 0;
  // One row per array element (unnest): a handful of parameters however large the batch.
  const column = <K extends keyof NewPlannedMessage>(key: K) => sql.param(messages.map((m) => m[key]));
  const inserted = await executeRows<{ id: string }>(
    db,
    sql`
    insert into ${patientCommunications} (
      clinic_id, id, patient_id, channel, fallback_channel, kind, schedule_day, dedupe_key,
      scheduled_at, send_date, language, is_marketing, message_content, delivery_status
    )
    select ${clinicId}, u.*, '', 'queued'
    from unnest(
      ${column('id')}::text[],
      ${column('patientId')}::text[],
      ${column('channel')}::text[],
      ${column('fallbackChannel')}::text[],
      ${column('kind')}::text[],
      ${column('scheduleDay')}::int[],
      ${column('dedupeKey')}::text[],
      ${sql.param(messages.map((m) => m.scheduledAt.toISOString()))}::timestamptz[],
      ${column('sendDate')}::date[],
      ${column('language')}::text[],
      ${column('isMarketing')}::boolean[]
    ) as u
    on conflict do nothing
    returning id
  `,
  );
  return inserted.length;
}

/** Takes the clinic's planning lock for the rest of the caller's transaction (one planner per clinic). */
export async function takeClinicPlanningLock(tx: Transaction, clinicId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plan-followups:${clinicId}`}))`);
}
