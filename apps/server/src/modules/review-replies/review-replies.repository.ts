import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinicAutomationConfigs, clinics, reviewReplies, reviews } from '../../db/schema';

export type ReviewReplyRow = typeof reviewReplies.$inferSelect;
export type NewReviewReplyRow = typeof reviewReplies.$inferInsert;

/** What drafting and posting need to know of a clinic: plan, switch, threshold, delay, voice. */
export async function findClinicReplySettings(db: Database, clinicId: string) {
  const [row] = await db
    .select({
      name: clinics.name,
      subscriptionTier: clinics.subscriptionTier,
      brandTone: clinics.brandTone,
      defaultLanguage: clinics.defaultLanguage,
      sandboxMode: clinics.sandboxMode,
      enabled: clinicAutomationConfigs.aiReviewResponseEnabled,
      threshold: clinicAutomationConfigs.aiReviewResponseThreshold,
      delayHours: clinicAutomationConfigs.aiReviewResponseDelayHours,
    })
    .from(clinics)
    .leftJoin(clinicAutomationConfigs, eq(clinicAutomationConfigs.clinicId, clinics.id))
    .where(eq(clinics.id, clinicId));
  return row ?? null;
}

/** The review the reply answers (and its reply, if any), inside one clinic. */
export async function findReviewWithReply(db: Database, clinicId: string, reviewId: string) {
  const [row] = await db
    .select({ review: reviews, reply: reviewReplies })
    .from(reviews)
    .leftJoin(
      reviewReplies,
      and(eq(reviewReplies.clinicId, reviews.clinicId), eq(reviewReplies.reviewId, reviews.id)),
    )
    .where(and(eq(reviews.clinicId, clinicId), eq(reviews.id, reviewId)));
  return row ?? null;
}

export async function findReplyWithReview(db: Database, clinicId: string, replyId: string) {
  const [row] = await db
    .select({ review: reviews, reply: reviewReplies })
    .from(reviewReplies)
    .innerJoin(
      reviews,
      and(eq(reviews.clinicId, reviewReplies.clinicId), eq(reviews.id, reviewReplies.reviewId)),
    )
    .where(and(eq(reviewReplies.clinicId, clinicId), eq(reviewReplies.id, replyId)));
  return row ?? null;
}

/** One row per review at most (the unique key): a review already scheduled keeps its row. */
export async function insertReplies(db: Database, rows: NewReviewReplyRow[]) {
  if (rows.length === 0) return [];
  return db
    .insert(reviewReplies)
    .values(rows)
    .onConflictDoNothing({ target: [reviewReplies.clinicId, reviewReplies.reviewId] })
    .returning();
}

/** Scheduled replies whose delay has passed, oldest first, across clinics (the drafting sweep). */
export function listDueScheduledReplies(db: Database, now: Date, limit: number) {
  return db
    .select({ clinicId: reviewReplies.clinicId, id: reviewReplies.id })
    .from(reviewReplies)
    .where(and(eq(reviewReplies.status, 'scheduled'), lte(reviewReplies.draftDueAt, now)))
    .orderBy(asc(reviewReplies.draftDueAt))
    .limit(limit);
}

/**
 * Changes a reply only if it is still as the caller read it (status and last update), so two
 * writers (the sweep and staff, or two staff) never both win.
 */
export async function updateReplyIfUnchanged(
  db: Database,
  current: Pick<ReviewReplyRow, 'clinicId' | 'id' | 'status' | 'updatedAt'>,
  changes: Partial<Omit<NewReviewReplyRow, 'clinicId' | 'id' | 'reviewId'>>,
) {
  const [row] = await db
    .update(reviewReplies)
    .set(changes)
    .where(
      and(
        eq(reviewReplies.clinicId, current.clinicId),
        eq(reviewReplies.id, current.id),
        eq(reviewReplies.status, current.status),
        eq(reviewReplies.updatedAt, current.updatedAt),
      ),
    )
    .returning();
  return row ?? null;
}

export async function updateReply(
  db: Database,
  key: Pick<ReviewReplyRow, 'clinicId' | 'id'>,
  changes: Partial<Omit<NewReviewReplyRow, 'clinicId' | 'id' | 'reviewId'>>,
) {
  const [row] = await db
    .update(reviewReplies)
    .set(changes)
    .where(and(eq(reviewReplies.clinicId, key.clinicId), eq(reviewReplies.id, key.id)))
    .returning();
  return row ?? null;
}

export async function deleteScheduledReply(db: Database, clinicId: string, id: string) {
  await db
    .delete(reviewReplies)
    .where(
      and(
        eq(reviewReplies.clinicId, clinicId),
        eq(reviewReplies.id, id),
        eq(reviewReplies.status, 'scheduled'),
      ),
    );
}

/** Stores the public reply the provider showed when the review was read again before posting. */
export async function recordPublicReply(
  db: Database,
  clinicId: string,
  reviewId: string,
  reply: { text: string; at: Date | null },
) {
  await db
    .update(reviews)
    .set({ publicReplyText: reply.text, publicReplyAt: reply.at, updatedAt: new Date() })
    .where(and(eq(reviews.clinicId, clinicId), eq(reviews.id, reviewId)));
}
