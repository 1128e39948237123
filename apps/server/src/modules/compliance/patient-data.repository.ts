import { type AnyColumn, and, asc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { refreshProcedureComplaintRate } from '../../db/patient-risk';
import {
  alerts,
  apiIdempotencyKeys,
  caseNotes,
  cases,
  clientActions,
  crossSellOpportunities,
  errorLogs,
  followUpCampaigns,
  patientAliases,
  patientCommunications,
  patients,
  performanceMetrics,
  reviews,
  webhookLogs,
} from '../../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Reader = Database | Tx;

export type PatientRow = typeof patients.$inferSelect;

export async function findPatient(
  db: Reader,
  clinicId: string,
  patientId: string,
): Promise<PatientRow | null> {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)));
  return row ?? null;
}

/** Inbound and status rows that belong to the patient: by id, by phone, or by a message sent to them. */
function patientWebhookRows(clinicId: string, patient: PatientRow): SQL {
  const sentIds = sql`(select ${patientCommunications.providerMessageId} from ${patientCommunications}
    where ${patientCommunications.clinicId} = ${clinicId} and ${patientCommunications.patientId} = ${patient.id}
      and ${patientCommunications.providerMessageId} is not null)`;
  const mine = [eq(webhookLogs.patientId, patient.id), sql`${webhookLogs.providerMessageId} in ${sentIds}`];
  if (patient.phone) mine.push(eq(webhookLogs.patientPhone, patient.phone));
  return and(eq(webhookLogs.clinicId, clinicId), or(...mine))!;
}

/** Cases about the patient: theirs, and those raised from their reviews. */
function patientCases(clinicId: string, patientId: string): SQL {
  const reviewIds = sql`(select ${reviews.id} from ${reviews} where ${reviews.clinicId} = ${clinicId} and ${reviews.patientId} = ${patientId})`;
  return and(
    eq(cases.clinicId, clinicId),
    or(
      eq(cases.patientId, patientId),
      and(eq(cases.source, 'review'), sql`${cases.sourceId} in ${reviewIds}`),
    ),
  )!;
}

/** Everything the clinic holds about one patient, table by table (the data subject's export). */
export async function readPatientData(db: Database, clinicId: string, patient: PatientRow) {
  const [aliases, messages, inbound, matchedReviews, caseRows, alertRows, crossSells, campaigns] =
    await Promise.all([
      db
        .select()
        .from(patientAliases)
        .where(and(eq(patientAliases.clinicId, clinicId), eq(patientAliases.patientId, patient.id)))
        .orderBy(asc(patientAliases.createdAt)),
      db
        .select()
        .from(patientCommunications)
        .where(
          and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.patientId, patient.id)),
        )
        .orderBy(asc(patientCommunications.createdAt), asc(patientCommunications.id)),
      db
        .select()
        .from(webhookLogs)
        .where(patientWebhookRows(clinicId, patient))
        .orderBy(asc(webhookLogs.receivedAt)),
      db
        .select()
        .from(reviews)
        .where(and(eq(reviews.clinicId, clinicId), eq(reviews.patientId, patient.id)))
        .orderBy(asc(reviews.reviewDate)),
      db.select().from(cases).where(patientCases(clinicId, patient.id)).orderBy(asc(cases.createdAt)),
      db
        .select()
        .from(alerts)
        .where(and(eq(alerts.clinicId, clinicId), eq(alerts.patientId, patient.id)))
        .orderBy(asc(alerts.createdAt)),
      db
        .select()
        .from(crossSellOpportunities)
        .where(
          and(
            eq(crossSellOpportunities.clinicId, clinicId),
            eq(crossSellOpportunities.patientId, patient.id),
          ),
        ),
      db
        .select()
        .from(followUpCampaigns)
        .where(and(eq(followUpCampaigns.clinicId, clinicId), eq(followUpCampaigns.patientId, patient.id))),
    ]);
  const notes =
    caseRows.length === 0
      ? []
      : await db
          .select()
          .from(caseNotes)
          .where(
            and(
              eq(caseNotes.clinicId, clinicId),
              inArray(
                caseNotes.caseId,
                caseRows.map((c) => c.id),
              ),
            ),
          )
          .orderBy(asc(caseNotes.createdAt));
  return {
    aliases,
    messages,
    inbound,
    reviews: matchedReviews,
    cases: caseRows,
    notes,
    alerts: alertRows,
    crossSells,
    campaigns,
  };
}
export type PatientData = Awaited<ReturnType<typeof readPatientData>>;

const removedCount = async (rows: Promise<unknown[]>) => (await rows).length;

/**
 * Erasure (the data subject's request): every row that holds the patient's personal data goes, the
 * patient row last, in the caller's transaction (the service writes the erasure's audit entry in the
 * same one). The audit trail keeps ids only and stays (append-only). Returns rows removed by table;
 * null when the patient is not the clinic's.
 */
export async function erasePatientRows(
  tx: Transaction,
  clinicId: string,
  patientId: string,
): Promise<Record<string, number> | null> {
  const [patient] = await tx
    .select()
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)))
    .for('update');
  if (!patient) return null;
  const removed: Record<string, number> = {};
  removed.webhook_logs = await removedCount(
    tx.delete(webhookLogs).where(patientWebhookRows(clinicId, patient)).returning({ id: webhookLogs.id }),
  );
  // Case notes go with their cases (cascade); counted first.
  const caseIds = (
    await tx.select({ id: cases.id }).from(cases).where(patientCases(clinicId, patientId))
  ).map((c) => c.id);
  removed.case_notes =
    caseIds.length === 0
      ? 0
      : await removedCount(
          tx
            .delete(caseNotes)
            .where(and(eq(caseNotes.clinicId, clinicId), inArray(caseNotes.caseId, caseIds)))
            .returning({ id: caseNotes.id }),
        );
  removed.cases = await removedCount(
    tx.delete(cases).where(patientCases(clinicId, patientId)).returning({ id: cases.id }),
  );
  removed.alerts = await removedCount(
    tx
      .delete(alerts)
      .where(and(eq(alerts.clinicId, clinicId), eq(alerts.patientId, patientId)))
      .returning({ id: alerts.id }),
  );
  removed.cross_sell_opportunities = await removedCount(
    tx
      .delete(crossSellOpportunities)
      .where(
        and(eq(crossSellOpportunities.clinicId, clinicId), eq(crossSellOpportunities.patientId, patientId)),
      )
      .returning({ id: crossSellOpportunities.id }),
  );
  // A review matched to the patient is known to be theirs: it goes with its reply (cascade).
  removed.reviews = await removedCount(
    tx
      .delete(reviews)
      .where(and(eq(reviews.clinicId, clinicId), eq(reviews.patientId, patientId)))
      .returning({ id: reviews.id }),
  );
  removed.patient_aliases = await removedCount(
    tx
      .delete(patientAliases)
      .where(and(eq(patientAliases.clinicId, clinicId), eq(patientAliases.patientId, patientId)))
      .returning({ id: patientAliases.id }),
  );
  removed.patient_communications = await removedCount(
    tx
      .delete(patientCommunications)
      .where(
        and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.patientId, patientId)),
      )
      .returning({ id: patientCommunications.id }),
  );
  removed.followup_campaigns = await removedCount(
    tx
      .delete(followUpCampaigns)
      .where(and(eq(followUpCampaigns.clinicId, clinicId), eq(followUpCampaigns.patientId, patientId)))
      .returning({ id: followUpCampaigns.id }),
  );
  // The public API's stored answers (Idempotency-Key) may hold the patient as it was created.
  removed.api_idempotency_keys = await removedCount(
    tx
      .delete(apiIdempotencyKeys)
      .where(
        and(
          eq(apiIdempotencyKeys.clinicId, clinicId),
          isNotNull(apiIdempotencyKeys.response),
          sql`strpos(${apiIdempotencyKeys.response}::text, ${patientId}) > 0`,
        ),
      )
      .returning({ key: apiIdempotencyKeys.key }),
  );
  // Client reports (errors, page loads, actions) whose address or context names the patient.
  const mentions = (url: AnyColumn, context: SQL) =>
    or(
      sql`strpos(coalesce(${url}, ''), ${patientId}) > 0`,
      sql`strpos(coalesce(${context}::text, ''), ${patientId}) > 0`,
    );
  removed.error_logs = await removedCount(
    tx
      .delete(errorLogs)
      .where(
        and(eq(errorLogs.clinicId, clinicId), mentions(errorLogs.url, sql`${errorLogs.additionalContext}`)),
      )
      .returning({ id: errorLogs.id }),
  );
  removed.client_actions = await removedCount(
    tx
      .delete(clientActions)
      .where(
        and(eq(clientActions.clinicId, clinicId), mentions(clientActions.url, sql`${clientActions.context}`)),
      )
      .returning({ id: clientActions.id }),
  );
  removed.performance_metrics = await removedCount(
    tx
      .delete(performanceMetrics)
      .where(
        and(
          eq(performanceMetrics.clinicId, clinicId),
          mentions(performanceMetrics.url, sql`${performanceMetrics.context}`),
        ),
      )
      .returning({ id: performanceMetrics.id }),
  );
  removed.patients = await removedCount(
    tx
      .delete(patients)
      .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)))
      .returning({ id: patients.id }),
  );
  // One patient (and their cases) fewer: their procedure's complaint rate, for the others of it.
  await refreshProcedureComplaintRate(tx, clinicId, [patient.procedure]);
  return removed;
}
