import type { ReviewMatchDetail } from '@careloop/contracts/review-matches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewMatchPath } from './get-review-match';
import { applyReviewMatchChange } from './set-review-match';

function clearReviewMatch(reviewId: string) {
  return apiFetch<ReviewMatchDetail>(`${reviewMatchPath(reviewId)}/unmatch`, { method: 'POST' });
}

/** POST /api/review-matches/:id/unmatch: the review is by none of the clinic's patients. */
export function useClearReviewMatch(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearReviewMatch(reviewId),
    onSuccess: (detail) => applyReviewMatchChange(queryClient, detail),
  });
}
