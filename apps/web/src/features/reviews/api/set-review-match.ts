import type { ReviewMatchDetail, SetReviewMatchBody } from '@careloop/contracts/review-matches';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewMatchPath } from './get-review-match';
import { dashboardKey, patientsKey, reviewKeys } from './review-keys';

function setReviewMatch(input: { reviewId: string } & SetReviewMatchBody) {
  return apiFetch<ReviewMatchDetail>(`${reviewMatchPath(input.reviewId)}/match`, {
    method: 'POST',
    body: { patientId: input.patientId },
  });
}

/** After any match decision: the dialog gets the answer, lists and counts that show matches refetch. */
export function applyReviewMatchChange(queryClient: QueryClient, detail: ReviewMatchDetail) {
  queryClient.setQueryData(reviewKeys.match(detail.reviewId), detail);
  void queryClient.invalidateQueries({ queryKey: reviewKeys.list() });
  void queryClient.invalidateQueries({ queryKey: reviewKeys.summary() });
  void queryClient.invalidateQueries({ queryKey: dashboardKey });
  // Patient timelines list the reviews matched to them.
  void queryClient.invalidateQueries({ queryKey: patientsKey });
}

/** POST /api/review-matches/:id/match: confirm the match, or match the review to another patient. */
export function useSetReviewMatch(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patientId: string) => setReviewMatch({ reviewId, patientId }),
    onSuccess: (detail) => applyReviewMatchChange(queryClient, detail),
  });
}
