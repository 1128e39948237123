import type { WorkAuditAction } from '@careloop/contracts/audit';
import {
  type ReviewReply,
  type ReviewReplyDraftNote,
  type ReviewReplyResponse,
  reviewReplyDraftNotes,
  reviewReplyFailureKinds,
} from '@careloop/contracts/review-replies';
import { canUseAiReviewResponse, planMessages } from '@careloop/domain/plans';
import {
  canApproveReviewReply,
  canDiscardReviewReply,
  canEditReviewReply,
  isReviewReplyLanguage,
  isReviewReplyStatus,
  type ReviewReplyLanguage,
  type ReviewReplySource,
  type ReviewReplyStatus,
} from '@careloop/domain/review-reply';
import { checkReviewReply } from '@careloop/domain/review-reply-check';
import { replyLanguageFor } from '@careloop/domain/review-reply-language';
import type { AppDeps } from '../../app-deps';
import type {
  reviewReplyLanguageValues,
  reviewReplySourceValues,
  reviewReplyStatusValues,
} from '../../db/schema/review-replies';
import { ProviderError } from '../../integrations/http/provider-http';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import {
  findClinicReplySettings,
  findReviewWithReply,
  insertReplies,
  type ReviewReplyRow,
  recordPublicReply,
  updateReply,
  updateReplyIfUnchanged,
} from './review-replies.repository';
import { canPostReply, postReplyToProvider, readPublicReply } from './review-reply-poster';

// The table's CHECK lists and the domain's lists are one fact: this fails to compile if they part.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const listsAgree: [
  Same<ReviewReplyStatus, (typeof reviewReplyStatusValues)[number]>,
  Same<ReviewReplySource, (typeof reviewReplySourceValues)[number]>,
  Same<ReviewReplyLanguage, (typeof reviewReplyLanguageValues)[number]>,
] = [true, true, true];
void listsAgree;

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'userId' | 'clinic'>;

/** Spec 1 §6: the locked-feature message, for a plan without AI review response. */
const planRequired = () => new AppError(403, 'PLAN_REQUIRED', planMessages.featureLocked.message);

const toDraftNote = (value: string | null): ReviewReplyDraftNote | null =>
  reviewReplyDraftNotes.find((note) => note === value) ?? null;

function toReply(row: ReviewReplyRow): ReviewReply {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    reviewId: row.reviewId,
    status: isReviewReplyStatus(row.status) ? row.status : 'drafted',
    text: row.text,
    source: row.source === 'ai' || row.source === 'template' || row.source === 'staff' ? row.source : null,
    language: isReviewReplyLanguage(row.language) ? row.language : null,
    draftNote: toDraftNote(row.draftNote),
    draftDueAt: row.draftDueAt.toISOString(),
    draftedAt: iso(row.draftedAt),
    editedAt: iso(row.editedAt),
    approvedAt: iso(row.approvedAt),
    postedAt: iso(row.postedAt),
    discardedAt: iso(row.discardedAt),
    providerError: row.providerError,
    providerErrorKind: reviewReplyFailureKinds.find((kind) => kind === row.providerErrorKind) ?? null,
  };
}

async function loadForStaff(deps: Deps, ctx: Caller, reviewId: string) {
  const found = await findReviewWithReply(deps.db, ctx.clinicId, reviewId);
  if (!found) throw notFound('Review');
  return found;
}

async function audit(deps: Deps, ctx: Caller, action: WorkAuditAction, context: Record<string, unknown>) {
  await recordUserAction(deps.db, { clinicId: ctx.clinicId, userId: ctx.userId, action, context });
}

async function respond(deps: Deps, ctx: Caller, provider: string, row: ReviewReplyRow | null) {
  const available = canUseAiReviewResponse(ctx.clinic.subscriptionTier);
  const canPost = await canPostReply(deps, ctx.clinicId, provider, ctx.clinic.sandboxMode === 'on');
  return { available, canPost, reply: row ? toReply(row) : null } satisfies ReviewReplyResponse;
}

function rejectText(text: string, context: { clinicName: string; reviewerName: string | null }) {
  const check = checkReviewReply(text, context);
  if (check.ok) return;
  throw badRequest(
    check.problems[0]!.message,
    check.problems.map((p) => ({
      field: 'text',
      key: p.key,
      message: p.message,
      code: p.code,
      found: p.found,
    })),
  );
}

const staleReply = () => conflict('The reply changed meanwhile. Reload it and try again.');

/** A save or approval refused because the review already carries the clinic's public reply. */
export const publicReplyExistsMessage =
  'This review already has a public reply from the clinic. It is never replaced from CareLoop.';
const publicReplyExists = () => conflict(publicReplyExistsMessage);

export async function getReviewReply(
  deps: Deps,
  ctx: Caller,
  reviewId: string,
): Promise<ReviewReplyResponse> {
  const { review, reply } = await loadForStaff(deps, ctx, reviewId);
  return respond(deps, ctx, review.provider, reply);
}

/** Staff write or change the text (before posting); an approved text goes back to drafted. */
export async function saveReviewReplyText(
  deps: Deps,
  ctx: Caller,
  reviewId: string,
  rawText: string,
): Promise<ReviewReplyResponse> {
  if (!canUseAiReviewResponse(ctx.clinic.subscriptionTier)) throw planRequired();
  const { review, reply } = await loadForStaff(deps, ctx, reviewId);
  if (review.publicReplyText) throw publicReplyExists();
  const text = rawText.trim();
  rejectText(text, { clinicName: ctx.clinic.name, reviewerName: review.reviewerName });
  const now = new Date();
  const changes = {
    status: 'drafted',
    text,
    source: 'staff',
    editedByUserId: ctx.userId,
    editedAt: now,
    updatedAt: now,
  } as const;

  let saved: ReviewReplyRow | null;
  if (!reply) {
    const settings = await findClinicReplySettings(deps.db, ctx.clinicId);
    [saved = null] = await insertReplies(deps.db, [
      {
        clinicId: ctx.clinicId,
        id: newId('rrp'),
        reviewId,
        ...changes,
        language: replyLanguageFor(
          { language: review.language, text: review.reviewText },
          settings?.defaultLanguage,
        ),
        draftDueAt: now,
        createdAt: now,
      },
    ]);
  } else {
    if (!isReviewReplyStatus(reply.status) || !canEditReviewReply(reply.status))
      throw conflict('This reply can no longer be changed');
    saved = await updateReplyIfUnchanged(deps.db, reply, changes);
  }
  if (!saved) throw staleReply();
  await audit(deps, ctx, 'review_reply_edited', { reviewId, replyId: saved.id, from: reply?.status ?? null });
  return respond(deps, ctx, review.provider, saved);
}

/**
 * Staff approve the text. With the provider's credentials it is posted at once ('posted', or
 * 'failed' with the provider's answer); without them it stays 'approved' for staff to copy.
 */
export async function approveReviewReply(
  deps: Deps,
  ctx: Caller,
  reviewId: string,
): Promise<ReviewReplyResponse> {
  if (!canUseAiReviewResponse(ctx.clinic.subscriptionTier)) throw planRequired();
  const { review, reply } = await loadForStaff(deps, ctx, reviewId);
  if (!reply) throw notFound('Reply');
  if (!isReviewReplyStatus(reply.status) || !canApproveReviewReply(reply.status) || !reply.text)
    throw conflict('This reply cannot be approved');
  rejectText(reply.text, { clinicName: ctx.clinic.name, reviewerName: review.reviewerName });

  if (review.publicReplyText) throw publicReplyExists();

  const isSandboxClinic = ctx.clinic.sandboxMode === 'on';
  const willPost = await canPostReply(deps, ctx.clinicId, review.provider, isSandboxClinic);
  if (willPost && (review.provider === 'trustpilot' || review.provider === 'google')) {
    // Both providers' reply calls replace an existing reply: read the review again first, and
    // refuse (keeping the draft) when a reply was written elsewhere since the last import.
    const existing = await readPublicReply(deps, {
      clinicId: ctx.clinicId,
      provider: review.provider,
      providerReviewId: review.providerReviewId,
      isSandboxClinic,
    }).catch((error: unknown) => {
      if (error instanceof ProviderError)
        throw conflict(`The review could not be read again, so nothing was posted: ${error.message}`);
      throw error;
    });
    if (existing) {
      await recordPublicReply(deps.db, ctx.clinicId, review.id, existing);
      throw publicReplyExists();
    }
  }
  const now = new Date();
  // Claimed with the conditional update: a second approval at the same moment gets a 409, not a second post.
  const approved = await updateReplyIfUnchanged(deps.db, reply, {
    status: 'approved',
    approvedByUserId: ctx.userId,
    approvedAt: now,
    providerError: null,
    providerErrorKind: null,
    postAttempts: reply.postAttempts + (willPost ? 1 : 0),
    updatedAt: now,
  });
  if (!approved) throw staleReply();

  let final = approved;
  if (willPost && (review.provider === 'trustpilot' || review.provider === 'google')) {
    try {
      await postReplyToProvider(deps, {
        clinicId: ctx.clinicId,
        provider: review.provider,
        providerReviewId: review.providerReviewId,
        text: approved.text!,
        isSandboxClinic,
      });
      const postedAt = new Date();
      final =
        (await updateReply(deps.db, approved, { status: 'posted', postedAt, updatedAt: postedAt })) ??
        approved;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const failedAt = new Date();
      final =
        (await updateReply(deps.db, approved, {
          status: 'failed',
          providerError: error.message.slice(0, 500),
          providerErrorKind: error.kind,
          updatedAt: failedAt,
        })) ?? approved;
    }
  }
  await audit(deps, ctx, 'review_reply_approved', {
    reviewId,
    replyId: final.id,
    from: reply.status,
    to: final.status,
  });
  return respond(deps, ctx, review.provider, final);
}

/** Staff do not want this reply; nothing is posted. */
export async function discardReviewReply(
  deps: Deps,
  ctx: Caller,
  reviewId: string,
): Promise<ReviewReplyResponse> {
  const { review, reply } = await loadForStaff(deps, ctx, reviewId);
  if (!reply) throw notFound('Reply');
  if (!isReviewReplyStatus(reply.status) || !canDiscardReviewReply(reply.status))
    throw conflict('This reply can no longer be discarded');
  const now = new Date();
  const saved = await updateReplyIfUnchanged(deps.db, reply, {
    status: 'discarded',
    discardedByUserId: ctx.userId,
    discardedAt: now,
    updatedAt: now,
  });
  if (!saved) throw staleReply();
  await audit(deps, ctx, 'review_reply_discarded', { reviewId, replyId: saved.id, from: reply.status });
  return respond(deps, ctx, review.provider, saved);
}
