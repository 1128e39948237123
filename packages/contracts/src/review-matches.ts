import { matchEvidenceKinds } from '@careloop/domain/matching/fit-evidence';
import { reviewMatchStatuses } from '@careloop/domain/review-rules';
import { z } from 'zod';

export const reviewMatchDecisions = ['confirm', 'match', 'unmatch'] as const;
export type ReviewMatchDecision = (typeof reviewMatchDecisions)[number];

const matchStateSchema = z.object({
  matchStatus: z.enum(reviewMatchStatuses),
  patientId: z.string().nullable(),
  matchConfidence: z.number().nullable(),
});

/** One staff decision on a review's match: who, when, from what to what. */
export const reviewMatchChangeSchema = z.object({
  id: z.string(),
  at: z.string(),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  decision: z.enum(reviewMatchDecisions),
  from: matchStateSchema,
  to: matchStateSchema,
});
export type ReviewMatchChange = z.infer<typeof reviewMatchChangeSchema>;

export const reviewMatchCandidateSchema = z.object({
  id: z.string(),
  name: z.string(),
  procedure: z.string().nullable(),
  procedureDate: z.string().nullable(),
});

/** A review's match as staff review it: the current state, the engine's candidates and the history. */
export const reviewMatchDetailSchema = z.object({
  reviewId: z.string(),
  matchStatus: z.enum(reviewMatchStatuses),
  matchConfidence: z.number().nullable(),
  patient: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** `staff` once anyone confirmed, picked or removed the match: automatic runs never change it again. */
  decidedBy: z.enum(['engine', 'staff']),
  /**
   * An engine decision staff should check: several candidates, one on evidence that does not
   * identify a person or is not confident enough, or an unmatched review offering the one patient
   * whose whole name it carries outside the date window (`needsStaffReview` in packages/domain/src/matching).
   */
  needsReview: z.boolean(),
  /**
   * What agreed between the review and the matched (or, for an unmatched review, the one offered)
   * patient, as the engine sees it now; empty when it does not match them.
   */
  evidence: z.array(z.enum(matchEvidenceKinds)),
  candidates: z.array(reviewMatchCandidateSchema),
  history: z.array(reviewMatchChangeSchema),
});
export type ReviewMatchDetail = z.infer<typeof reviewMatchDetailSchema>;

export const setReviewMatchBodySchema = z.object({ patientId: z.string().min(1).max(100) });
export type SetReviewMatchBody = z.infer<typeof setReviewMatchBodySchema>;

export const reviewMatchParamsSchema = z.object({ id: z.string().min(1).max(100) });
