import { reviewMatchStatuses } from '@careloop/domain/review-rules';
import { z } from 'zod';

export const reviewMatchStatusSchema = z.enum(reviewMatchStatuses);

/** A review as the list and the detail dialog show it, with the matched patient's name joined in. */
export const reviewSchema = z.object({
  id: z.string(),
  provider: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  reviewText: z.string().nullable(),
  reviewerName: z.string().nullable(),
  reviewDate: z.string(),
  matchStatus: reviewMatchStatusSchema,
  matchConfidence: z.number().nullable(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  /** The review's open (or in-progress) case, if any: at most one exists. */
  openCaseId: z.string().nullable(),
  /** The clinic's public reply already on the provider (written here or elsewhere); null when none. */
  publicReply: z.object({ text: z.string(), at: z.string().nullable() }).nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(300).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  matchStatus: reviewMatchStatusSchema.optional(),
});
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

export const reviewListResponseSchema = z.object({
  reviews: z.array(reviewSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

export const reviewSummarySchema = z.object({
  totalReviews: z.number().int(),
  matchedPatients: z.number().int(),
  /** Mean rating to one decimal; null when there are no reviews. */
  averageRating: z.number().nullable(),
  needsAttention: z.number().int(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

// The field name is the spec's (spec 1 §7: the response's imported_count is read).
export const syncReviewsResponseSchema = z.object({ imported_count: z.number().int() });
export type SyncReviewsResponse = z.infer<typeof syncReviewsResponseSchema>;

/** Error code answered by POST /api/reviews/sync while the clinic has no review source. */
export const noReviewSourceCode = 'NO_REVIEW_SOURCE';
