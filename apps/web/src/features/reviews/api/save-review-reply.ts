import type { ReviewReplyResponse, UpdateReviewReplyBody } from '@careloop/contracts/review-replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewReplyPath } from './get-review-reply';
import { reviewKeys } from './review-keys';

function saveReviewReply(input: { reviewId: string } & UpdateReviewReplyBody) {
  return apiFetch<ReviewReplyResponse>(reviewReplyPath(input.reviewId), {
    method: 'PUT',
    body: { text: input.text },
  });
}

export function useSaveReviewReply(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => saveReviewReply({ reviewId, text }),
    onSuccess: (data) => queryClient.setQueryData(reviewKeys.reply(reviewId), data),
  });
}
