import type { ReviewReplyResponse } from '@careloop/contracts/review-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewReplyPath } from './get-review-reply';
import { reviewKeys } from './review-keys';

/** Posted through the review platform when the clinic's credentials allow it, else kept for copying. */
function approveReviewReply(reviewId: string) {
  return apiFetch<ReviewReplyResponse>(`${reviewReplyPath(reviewId)}/approve`, { method: 'POST' });
}

export function useApproveReviewReply(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => approveReviewReply(reviewId),
    onSuccess: (data) => queryClient.setQueryData(reviewKeys.reply(reviewId), data),
    // On 409 someone else changed it: show what is there now.
    onError: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.reply(reviewId) }),
  });
}
