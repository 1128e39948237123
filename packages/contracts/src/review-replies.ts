import {
  reviewReplyLanguages,
  reviewReplyMaxLength,
  reviewReplySources,
  reviewReplyStatuses,
} from '@careloop/domain/review-reply';
import { z } from 'zod';

/** Why the AI draft was not used; null when it was (or staff wrote the text). */
export const reviewReplyDraftNotes = ['ai_not_configured', 'ai_failed', 'ai_rejected'] as const;
export type ReviewReplyDraftNote = (typeof reviewReplyDraftNotes)[number];

/** Why the platform refused to post a reply, in terms staff are told in their language. */
export const reviewReplyFailureKinds = [
  'unauthorized',
  'forbidden',
  'not_found',
  'bad_request',
  'rate_limited',
  'unavailable',
  'invalid_response',
] as const;
export type ReviewReplyFailureKind = (typeof reviewReplyFailureKinds)[number];

/** One review's public reply as staff see it. */
export const reviewReplySchema = z.object({
  id: z.string(),
  reviewId: z.string(),
  status: z.enum(reviewReplyStatuses),
  /** The current text; null while scheduled (or discarded before a draft). */
  text: z.string().nullable(),
  source: z.enum(reviewReplySources).nullable(),
  language: z.enum(reviewReplyLanguages).nullable(),
  draftNote: z.enum(reviewReplyDraftNotes).nullable(),
  draftDueAt: z.string(),
  draftedAt: z.string().nullable(),
  editedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  postedAt: z.string().nullable(),
  discardedAt: z.string().nullable(),
  /** The provider's refusal when posting failed (no secrets), as it said it, for support. */
  providerError: z.string().nullable(),
  /** What kind of refusal it was: the screen says it in the reader's language. */
  providerErrorKind: z.enum(reviewReplyFailureKinds).nullable(),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

export const reviewReplyResponseSchema = z.object({
  /** The clinic's plan includes AI review response (professional, enterprise, premium). */
  available: z.boolean(),
  /** Approving posts through the review platform (credentials saved); otherwise staff copy the text. */
  canPost: z.boolean(),
  reply: reviewReplySchema.nullable(),
});
export type ReviewReplyResponse = z.infer<typeof reviewReplyResponseSchema>;

/** The text is checked by the server (`checkReviewReply`): empty, too long, or naming care is a 400. */
export const updateReviewReplyBodySchema = z.object({ text: z.string().max(reviewReplyMaxLength * 10) });
export type UpdateReviewReplyBody = z.infer<typeof updateReviewReplyBodySchema>;

export const reviewReplyParamsSchema = z.object({ id: z.string().min(1).max(100) });
