import type { Case } from '@careloop/contracts/cases';
import type { Review, ReviewListResponse } from '@careloop/contracts/reviews';
import { caseDueAt } from '@careloop/domain/case-rules';
import { type ReviewMatchStatus, ratingToSeverity } from '@careloop/domain/review-rules';
import type { AppDeps } from '../../app-deps';
import { decodeCursor, toPage } from '../../db/keyset-cursor';
import { conflict, notFound } from '../../lib/errors';
import { readerLanguage } from '../../plugins/reader-language';
import type { ClinicContext } from '../../plugins/request-context';
import { openCase } from '../cases/cases.service';
import {
  type IngestionDeps,
  type IngestionResult,
  ingestClinicReviews,
} from '../ingestion/ingestion.service';
import { countReviewSummary, findReviewRow, listReviewRows, type ReviewRow } from './reviews.repository';

type Deps = Pick<AppDeps, 'db'>;

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    provider: row.provider,
    rating: row.rating,
    title: row.title,
    reviewText: row.reviewText,
    reviewerName: row.reviewerName,
    reviewDate: row.reviewDate,
    matchStatus: row.matchStatus as ReviewMatchStatus,
    matchConfidence: row.matchConfidence,
    patientId: row.patientId,
    patientName: row.patientName,
    openCaseId: row.openCaseId,
    publicReply: row.publicReplyText ? { text: row.publicReplyText, at: row.publicReplyAt } : null,
  };
}

export async function listReviews(
  deps: Deps,
  ctx: ClinicContext,
  query: {
    limit: number;
    cursor?: string;
    rating?: number;
    matchStatus?: ReviewMatchStatus;
    provider?: string;
    since?: Date;
    until?: Date;
  },
): Promise<ReviewListResponse> {
  const cursor = decodeCursor(query.cursor);
  const rows = await listReviewRows(deps.db, ctx.clinicId, { ...query, cursor });
  const { page, nextCursor } = toPage(rows, query.limit);
  return { reviews: page.map(toReview), nextCursor };
}

export function getReviewSummary(deps: Deps, ctx: ClinicContext) {
  return countReviewSummary(deps.db, ctx.clinicId);
}

export async function getReview(deps: Deps, ctx: ClinicContext, id: string): Promise<Review> {
  const row = await findReviewRow(deps.db, ctx.clinicId, id);
  if (!row) throw notFound('Review');
  return toReview(row);
}

/** Raises a case from a review: severity from the rating, due 24 hours after creation, at most one open. */
export async function createCaseFromReview(deps: Deps, ctx: ClinicContext, reviewId: string): Promise<Case> {
  const review = await getReview(deps, ctx, reviewId);
  const alreadyOpen = () => conflict('This review already has an open case');
  if (review.openCaseId) throw alreadyOpen();
  const now = new Date();
  const created = await openCase(
    deps,
    ctx.clinicId,
    {
      source: 'review',
      sourceId: review.id,
      patientId: review.patientId,
      title: {
        kind: 'review',
        rating: review.rating,
        reviewerName: review.reviewerName,
        reviewTitle: review.title,
      },
      description: review.reviewText?.trim() || null,
      severity: ratingToSeverity(review.rating),
      dueAt: caseDueAt(now),
      createdAt: now,
    },
    readerLanguage(ctx),
  );
  if (!created) throw alreadyOpen();
  return created;
}

/** Sync Reviews: imports what is new from every review source the clinic has configured (spec 1 §7 trustpilot-ingest). */
export function syncReviews(deps: IngestionDeps, ctx: ClinicContext): Promise<IngestionResult> {
  return ingestClinicReviews(deps, ctx.clinicId);
}
