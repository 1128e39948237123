import type { ReviewMatchStatus } from '@careloop/domain/review-rules';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { averageRating, readClinicCounts } from '../../db/clinic-counts';
import {
  afterCursorPlaceholder,
  cursorPlaceholders,
  cursorTimestamp,
  type KeysetCursor,
} from '../../db/keyset-cursor';
import { isoTime, preparedRows, selectedAs } from '../../db/prepared';
import { cases, patients, reviews } from '../../db/schema';

export type ReviewRow = {
  id: string;
  provider: string;
  rating: number;
  title: string | null;
  reviewText: string | null;
  reviewerName: string | null;
  /** ISO 8601 (UTC, milliseconds), formatted by the statement. */
  reviewDate: string;
  matchStatus: string;
  matchConfidence: number | null;
  patientId: string | null;
  patientName: string | null;
  openCaseId: string | null;
  publicReplyText: string | null;
  publicReplyAt: string | null;
  cursorTs: string;
};

function selectReviews(db: Database) {
  return (
    db
      .select(
        selectedAs({
          id: reviews.id,
          provider: reviews.provider,
          rating: reviews.rating,
          title: reviews.title,
          reviewText: reviews.reviewText,
          reviewerName: reviews.reviewerName,
          reviewDate: isoTime(reviews.reviewDate),
          matchStatus: reviews.matchStatus,
          matchConfidence: reviews.matchConfidence,
          patientId: reviews.patientId,
          patientName: patients.name,
          openCaseId: cases.id,
          publicReplyText: reviews.publicReplyText,
          publicReplyAt: isoTime(reviews.publicReplyAt),
          cursorTs: cursorTimestamp(reviews.reviewDate),
        }),
      )
      .from(reviews)
      .leftJoin(patients, and(eq(patients.clinicId, reviews.clinicId), eq(patients.id, reviews.patientId)))
      // At most one open case per review (partial unique index), so this join never repeats a row.
      .leftJoin(
        cases,
        and(
          eq(cases.clinicId, reviews.clinicId),
          eq(cases.source, 'review'),
          eq(cases.sourceId, reviews.id),
          sql`${cases.status} in ('open', 'in_progress')`,
        ),
      )
  );
}

export function listReviewRows(
  db: Database,
  clinicId: string,
  options: {
    limit: number;
    cursor: KeysetCursor | null;
    rating?: number;
    matchStatus?: ReviewMatchStatus;
    provider?: string;
    /** Written at or after. */
    since?: Date;
    /** Written before. */
    until?: Date;
  },
): Promise<ReviewRow[]> {
  const byRating = options.rating !== undefined;
  const byMatch = options.matchStatus !== undefined;
  const byProvider = options.provider !== undefined;
  const bySince = options.since !== undefined;
  const byUntil = options.until !== undefined;
  const shape = `${byRating ? 'r' : ''}${byMatch ? 'm' : ''}${byProvider ? 'p' : ''}${bySince ? 's' : ''}${byUntil ? 'u' : ''}${options.cursor ? 'c' : ''}`;
  const statement = preparedRows<ReviewRow>(db, `reviews_list_${shape}`, () =>
    selectReviews(db)
      .where(
        and(
          eq(reviews.clinicId, sql.placeholder('clinicId')),
          byRating ? eq(reviews.rating, sql.placeholder('rating')) : undefined,
          byMatch ? eq(reviews.matchStatus, sql.placeholder('matchStatus')) : undefined,
          byProvider ? eq(reviews.provider, sql.placeholder('provider')) : undefined,
          bySince ? gte(reviews.reviewDate, sql.placeholder('since')) : undefined,
          byUntil ? lt(reviews.reviewDate, sql.placeholder('until')) : undefined,
          options.cursor ? afterCursorPlaceholder(reviews.reviewDate, reviews.id) : undefined,
        ),
      )
      .orderBy(desc(reviews.reviewDate), asc(reviews.id))
      .limit(sql.placeholder('limit')),
  );
  return statement.execute({
    clinicId,
    limit: options.limit + 1,
    rating: options.rating,
    matchStatus: options.matchStatus,
    provider: options.provider,
    since: options.since?.toISOString(),
    until: options.until?.toISOString(),
    ...cursorPlaceholders(options.cursor),
  });
}

export async function findReviewRow(db: Database, clinicId: string, id: string): Promise<ReviewRow | null> {
  const rows = await selectReviews(db)
    .where(and(eq(reviews.clinicId, clinicId), eq(reviews.id, id)))
    .limit(1);
  return (rows[0] as ReviewRow | undefined) ?? null;
}

/** The four summary cards from the clinic's kept counts (ADR 009), not a scan of its reviews. */
export async function countReviewSummary(db: Database, clinicId: string) {
  const counts = await readClinicCounts(db, clinicId);
  return {
    totalReviews: counts.reviews_total,
    matchedPatients: counts.reviews_matched,
    averageRating: averageRating(counts),
    needsAttention: counts.reviews_low_rated,
  };
}
