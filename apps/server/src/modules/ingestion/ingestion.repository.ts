import type { ReviewSyncErrorCode } from '@careloop/contracts/dashboard';
import type { CaseSeverity } from '@careloop/domain/case-rules';
import type { CaseTitleKind } from '@careloop/domain/case-title';
import type { MatchPatient } from '@careloop/domain/matching/index';
import type { ProviderErrorCode } from '@careloop/domain/provider-errors';
import type { ReviewMatchStatus } from '@careloop/domain/review-rules';
import { and, desc, eq, inArray, max, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { recomputePatientRisk } from '../../db/patient-risk';
import {
  cases,
  clinics,
  credentialHealth,
  crossSellOpportunities,
  patients,
  reviewSourceSyncs,
  reviews,
  secrets,
  userActions,
  users,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ReviewProvider } from './review-source';

/** What a sync needs of the clinic: sandbox mode (which endpoints). */
export function findIngestionClinic(db: Database, clinicId: string) {
  return db
    .select({ sandboxMode: clinics.sandboxMode })
    .from(clinics)
    .where(eq(clinics.id, clinicId))
    .then((rows) => rows[0] ?? null);
}

/** Which of these secret names the clinic has saved (names only; values stay sealed). */
export async function findSecretNames(db: Database, clinicId: string, names: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ name: secrets.name })
    .from(secrets)
    .where(and(eq(secrets.clinicId, clinicId), inArray(secrets.name, names)));
  return new Set(rows.map((r) => r.name));
}

/** Clinics that saved the first secret of a review source, e.g. `TRUSTPILOT_API_KEY_{clinicId}`. */
export async function listClinicIdsWithSecretPrefixes(db: Database, prefixes: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ clinicId: secrets.clinicId })
    .from(secrets)
    .where(or(...prefixes.map((p) => eq(secrets.name, sql`${p} || ${secrets.clinicId}`))))
    .orderBy(secrets.clinicId);
  return rows.map((r) => r.clinicId);
}

/** The newest stored review date of one provider: where the next incremental run starts. */
export function newestReviewDate(db: Database, clinicId: string, provider: ReviewProvider) {
  return db
    .select({ newest: max(reviews.reviewDate) })
    .from(reviews)
    .where(and(eq(reviews.clinicId, clinicId), eq(reviews.provider, provider)))
    .then((rows) => rows[0]?.newest ?? null);
}

/** The clinic's patients as the matcher needs them (procedure date as `YYYY-MM-DD`). */
export async function listMatchPatients(db: Database, clinicId: string): Promise<MatchPatient[]> {
  const rows = await db
    .select({
      id: patients.id,
      name: patients.name,
      email: patients.email,
      procedure: patients.procedure,
      procedureDate: patients.procedureDate,
    })
    .from(patients)
    .where(eq(patients.clinicId, clinicId));
  return rows.map((r) => ({ ...r, procedureDate: r.procedureDate?.toISOString().slice(0, 10) ?? null }));
}

export type NewReviewRow = typeof reviews.$inferInsert;

/** Inserts what is new; rows whose (clinic, provider, provider id) exists are left untouched. */
/** The risk of each patient the rows name, once each (a matched review, a review case). */
async function recomputeRisks(db: Database, rows: { clinicId: string; patientId: string | null }[]) {
  const seen = new Set<string>();
  for (const row of rows) {
    if (!row.patientId || seen.has(`${row.clinicId}/${row.patientId}`)) continue;
    seen.add(`${row.clinicId}/${row.patientId}`);
    await recomputePatientRisk(db, row.clinicId, row.patientId);
  }
}

export async function insertNewReviews(db: Database, rows: NewReviewRow[]) {
  const inserted: { id: string; providerReviewId: string; clinicId: string; patientId: string | null }[] = [];
  // Chunks keep each statement well under PostgreSQL's 65,535 parameters.
  for (let at = 0; at < rows.length; at += 500) {
    const chunk = rows.slice(at, at + 500);
    inserted.push(
      ...(await db
        .insert(reviews)
        .values(chunk)
        .onConflictDoNothing({ target: [reviews.clinicId, reviews.provider, reviews.providerReviewId] })
        .returning({
          id: reviews.id,
          providerReviewId: reviews.providerReviewId,
          clinicId: reviews.clinicId,
          patientId: reviews.patientId,
        })),
    );
  }
  await recomputeRisks(db, inserted);
  return inserted.map(({ id, providerReviewId }) => ({ id, providerReviewId }));
}

/**
 * Stores the public reply the provider shows on reviews we already have, when it differs from
 * the one stored (a reply written on the provider's site after the review was imported).
 */
export async function recordPublicReplies(
  db: Database,
  clinicId: string,
  provider: string,
  rows: readonly Pick<NewReviewRow, 'providerReviewId' | 'publicReplyText' | 'publicReplyAt' | 'updatedAt'>[],
) {
  for (const row of rows)
    await db
      .update(reviews)
      .set({
        publicReplyText: row.publicReplyText,
        publicReplyAt: row.publicReplyAt,
        updatedAt: row.updatedAt,
      })
      .where(
        and(
          eq(reviews.clinicId, clinicId),
          eq(reviews.provider, provider),
          eq(reviews.providerReviewId, row.providerReviewId),
          sql`${reviews.publicReplyText} is distinct from ${row.publicReplyText ?? null}`,
        ),
      );
}

export type NewReviewCase = {
  clinicId: string;
  id: string;
  sourceId: string;
  patientId: string | null;
  title: string;
  titleKind: CaseTitleKind;
  titleParams: Record<string, unknown>;
  description: string | null;
  severity: CaseSeverity;
  dueAt: Date;
  createdAt: Date;
};

/** Opens review cases (the ids of those opened); the partial unique index keeps it to one open case per review. */
export async function insertReviewCases(db: Database, rows: NewReviewCase[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(cases)
    .values(rows.map((r) => ({ ...r, source: 'review', status: 'open', updatedAt: r.createdAt })))
    .onConflictDoNothing()
    .returning({ id: cases.id, clinicId: cases.clinicId, patientId: cases.patientId });
  await recomputeRisks(db, inserted);
  return inserted.map((row) => row.id);
}

export type ReviewMatchRow = {
  id: string;
  provider: string;
  rating: number;
  title: string | null;
  reviewText: string | null;
  reviewerName: string | null;
  language: string | null;
  reviewDate: Date;
  matchStatus: string;
  matchConfidence: number | null;
  patientId: string | null;
  patientName: string | null;
};

export async function findReviewMatchRow(
  db: Database,
  clinicId: string,
  reviewId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ReviewMatchRow | null> {
  const query = db
    .select({
      id: reviews.id,
      provider: reviews.provider,
      rating: reviews.rating,
      title: reviews.title,
      reviewText: reviews.reviewText,
      reviewerName: reviews.reviewerName,
      language: reviews.language,
      reviewDate: reviews.reviewDate,
      matchStatus: reviews.matchStatus,
      matchConfidence: reviews.matchConfidence,
      patientId: reviews.patientId,
      patientName: patients.name,
    })
    .from(reviews)
    .leftJoin(patients, and(eq(patients.clinicId, reviews.clinicId), eq(patients.id, reviews.patientId)))
    .where(and(eq(reviews.clinicId, clinicId), eq(reviews.id, reviewId)))
    .limit(1);
  const rows = options.forUpdate ? await query.for('update', { of: reviews }) : await query;
  return rows[0] ?? null;
}

export async function findPatientsByIds(db: Database, clinicId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: patients.id,
      name: patients.name,
      procedure: patients.procedure,
      procedureDate: patients.procedureDate,
    })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), inArray(patients.id, ids)));
}

export async function updateReviewMatch(
  db: Database,
  clinicId: string,
  reviewId: string,
  set: { patientId: string | null; matchStatus: ReviewMatchStatus; matchConfidence: number | null },
) {
  const before = await db
    .select({ patientId: reviews.patientId })
    .from(reviews)
    .where(and(eq(reviews.clinicId, clinicId), eq(reviews.id, reviewId)));
  await db
    .update(reviews)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(reviews.clinicId, clinicId), eq(reviews.id, reviewId)));
  // The patient the review leaves and the one it now belongs to.
  await recomputeRisks(db, [
    { clinicId, patientId: before[0]?.patientId ?? null },
    { clinicId, patientId: set.patientId },
  ]);
}

/** user_actions rows of one action about one review, newest first, with who did it. */
export function listReviewActions(db: Database, clinicId: string, reviewId: string, action: string) {
  return db
    .select({
      id: userActions.id,
      userId: userActions.userId,
      userName: users.name,
      context: userActions.context,
      createdAt: userActions.createdAt,
    })
    .from(userActions)
    .leftJoin(users, eq(users.id, userActions.userId))
    .where(
      and(
        eq(userActions.clinicId, clinicId),
        eq(userActions.action, action),
        sql`${userActions.context}->>'reviewId' = ${reviewId}`,
      ),
    )
    .orderBy(desc(userActions.createdAt), desc(userActions.id));
}

export type NewCrossSellOpportunity = typeof crossSellOpportunities.$inferInsert;

/** One opportunity per review (unique (clinic_id, review_id)): a re-run adds nothing. */
export async function insertCrossSellOpportunities(db: Database, rows: NewCrossSellOpportunity[]) {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(crossSellOpportunities)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: crossSellOpportunities.id });
  return inserted.length;
}

export type SourceSyncOutcome =
  | { provider: ReviewProvider; ok: true; importedCount: number }
  | { provider: ReviewProvider; ok: false; errorCode: ReviewSyncErrorCode };

/**
 * Records each source's latest sync and forgets sources no longer connected, in the caller's
 * transaction. A failure keeps the start of an unbroken run of failures; a success clears it.
 */
export async function recordSourceSyncs(
  tx: Transaction,
  clinicId: string,
  outcomes: SourceSyncOutcome[],
  at: Date,
  describeFailure: (outcome: Extract<SourceSyncOutcome, { ok: false }>) => {
    detail: string;
    errorCode: ProviderErrorCode;
  },
): Promise<void> {
  // Each sync is a real call with the source's credential: its result is the credential's last
  // check, which the Settings badge shows.
  if (outcomes.length > 0) {
    await tx.insert(credentialHealth).values(
      outcomes.map((outcome) => ({
        id: newId('crh'),
        clinicId,
        credentialType: outcome.provider,
        status: outcome.ok ? 'healthy' : 'unhealthy',
        ...(outcome.ok ? { detail: null, errorCode: null } : describeFailure(outcome)),
        checkedAt: at,
      })),
    );
  }
  await tx.delete(reviewSourceSyncs).where(
    and(
      eq(reviewSourceSyncs.clinicId, clinicId),
      notInArray(
        reviewSourceSyncs.provider,
        outcomes.map((o) => o.provider),
      ),
    ),
  );
  for (const outcome of outcomes) {
    const values = outcome.ok
      ? {
          lastSuccessAt: at,
          failingSince: null,
          lastErrorCode: null,
          lastImportedCount: outcome.importedCount,
        }
      : { failingSince: at, lastErrorCode: outcome.errorCode, lastImportedCount: 0 };
    await tx
      .insert(reviewSourceSyncs)
      .values({ clinicId, provider: outcome.provider, lastAttemptAt: at, ...values })
      .onConflictDoUpdate({
        target: [reviewSourceSyncs.clinicId, reviewSourceSyncs.provider],
        set: outcome.ok
          ? { lastAttemptAt: at, ...values }
          : {
              lastAttemptAt: at,
              lastErrorCode: outcome.errorCode,
              lastImportedCount: 0,
              failingSince: sql`coalesce(${reviewSourceSyncs.failingSince}, excluded.failing_since)`,
            },
      });
  }
}
