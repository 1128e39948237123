import type { ReviewReplyResponse } from '@careloop/contracts/review-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewReplyPath } from './get-review-reply';
import { reviewKeys } from './review-keys';

function discardReviewReply(reviewId: string) {
  return apiFetch<ReviewReplyResponse>(`${reviewReplyPath(reviewId)}/discard`, { method: 'POST' });
}

export function useDiscardReviewReply(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => discardReviewReply(reviewId),
    onSuccess: (data) => queryClient.setQueryData(reviewKeys.reply(reviewId), data),
    onError: () => void queryClient.invalidateQueries({ queryKey: reviewKeys.reply(reviewId) }),
  });
}
