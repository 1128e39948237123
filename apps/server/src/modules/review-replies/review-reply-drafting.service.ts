import { type BrandTone, brandTones } from '@careloop/domain/clinic-profile';
import { canUseAiReviewResponse } from '@careloop/domain/plans';
import { replyLanguageFor } from '@careloop/domain/review-reply-language';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { openAiModelFor } from '../../integrations/openai/openai-model';
import { newId } from '../../lib/ids';
import {
  deleteScheduledReply,
  findClinicReplySettings,
  findReplyWithReview,
  insertReplies,
  listDueScheduledReplies,
  updateReplyIfUnchanged,
} from './review-replies.repository';
import { writeReviewReply } from './review-reply-writer';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;
type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

const defaults = { threshold: 3, delayHours: 2 };
const hourMs = 3_600_000;

const toBrandTone = (value: string): BrandTone => brandTones.find((tone) => tone === value) ?? 'professional';

/**
 * Called by ingestion inside the transaction that stores new reviews: a review rated at or below
 * the clinic's threshold gets a reply scheduled for after the delay, when the plan allows the
 * feature and the clinic turned it on. Returns how many were scheduled.
 */
export async function scheduleReviewReplies(
  db: Database,
  clinicId: string,
  newReviews: readonly { id: string; rating: number }[],
  now: Date,
): Promise<number> {
  if (newReviews.length === 0) return 0;
  const settings = await findClinicReplySettings(db, clinicId);
  if (!settings?.enabled || !canUseAiReviewResponse(settings.subscriptionTier)) return 0;
  const threshold = settings.threshold ?? defaults.threshold;
  const dueAt = new Date(now.getTime() + (settings.delayHours ?? defaults.delayHours) * hourMs);
  const inserted = await insertReplies(
    db,
    newReviews
      .filter((review) => review.rating <= threshold)
      .map((review) => ({
        clinicId,
        id: newId('rrp'),
        reviewId: review.id,
        status: 'scheduled',
        draftDueAt: dueAt,
        createdAt: now,
        updatedAt: now,
      })),
  );
  return inserted.length;
}

/**
 * Drafts one scheduled reply: the AI's text when a model is there and the check passes, else the
 * template's. A clinic that turned the feature off (or lost the plan) before the delay ran out
 * gets no draft. Staff who wrote a text meanwhile keep theirs (the update is conditional).
 */
export async function draftScheduledReply(
  deps: Deps & { log?: Log },
  clinicId: string,
  replyId: string,
  now = new Date(),
): Promise<'drafted' | 'skipped' | 'cancelled'> {
  const found = await findReplyWithReview(deps.db, clinicId, replyId);
  if (found?.reply.status !== 'scheduled' || found.reply.draftDueAt > now) return 'skipped';
  const settings = await findClinicReplySettings(deps.db, clinicId);
  if (!settings?.enabled || !canUseAiReviewResponse(settings.subscriptionTier)) {
    await deleteScheduledReply(deps.db, clinicId, replyId);
    return 'cancelled';
  }
  const { review, reply } = found;
  // The clinic answered meanwhile (here or on the provider's site): no draft over its reply.
  if (review.publicReplyText) {
    await deleteScheduledReply(deps.db, clinicId, replyId);
    return 'cancelled';
  }
  const language = replyLanguageFor(
    { language: review.language, text: review.reviewText },
    settings.defaultLanguage,
  );
  const written = await writeReviewReply(openAiModelFor(deps.config, settings.sandboxMode === 'on'), {
    clinicName: settings.name,
    brandTone: toBrandTone(settings.brandTone),
    language,
    reviewerName: review.reviewerName,
    rating: review.rating,
    title: review.title,
    text: review.reviewText,
  });
  const stamp = new Date();
  const saved = await updateReplyIfUnchanged(deps.db, reply, {
    status: 'drafted',
    text: written.text,
    draftedText: written.text,
    source: written.source,
    language,
    draftNote: written.note,
    draftedAt: stamp,
    updatedAt: stamp,
  });
  // Never the review or the reply text: only what explains a fallback.
  if (written.note && written.note !== 'ai_not_configured')
    deps.log?.info(
      { clinicId, replyId, note: written.note, ...written.detail },
      'review reply AI draft not used',
    );
  return saved ? 'drafted' : 'skipped';
}

/** The outbox sweep: drafts every scheduled reply whose delay has passed (oldest first). */
export async function draftDueReviewReplies(
  deps: Deps & { log?: Log },
  options: { now?: Date; limit?: number } = {},
): Promise<{ drafted: number; cancelled: number }> {
  const now = options.now ?? new Date();
  const due = await listDueScheduledReplies(deps.db, now, options.limit ?? 200);
  const counts = { drafted: 0, cancelled: 0 };
  for (const { clinicId, id } of due) {
    try {
      const outcome = await draftScheduledReply(deps, clinicId, id, now);
      if (outcome === 'drafted') counts.drafted += 1;
      if (outcome === 'cancelled') counts.cancelled += 1;
    } catch (error) {
      // One clinic's broken row must not hold up the others; the next sweep tries it again.
      deps.log?.error({ err: error, clinicId, replyId: id }, 'review reply draft failed');
    }
  }
  return counts;
}
