import type { ReviewReplyResponse } from '@careloop/contracts/review-replies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

export const reviewReplyPath = (reviewId: string) => `/api/reviews/${encodeURIComponent(reviewId)}/reply`;

const reviewReplyQueryOptions = (reviewId: string) =>
  queryOptions({
    queryKey: reviewKeys.reply(reviewId),
    queryFn: ({ signal }) => apiFetch<ReviewReplyResponse>(reviewReplyPath(reviewId), { signal }),
  });

export function useReviewReply(reviewId: string) {
  return useQuery(reviewReplyQueryOptions(reviewId));
}
