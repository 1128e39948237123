import type { ReviewMatchDetail } from '@careloop/contracts/review-matches';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

export const reviewMatchPath = (reviewId: string) => `/api/review-matches/${encodeURIComponent(reviewId)}`;

const reviewMatchQueryOptions = (reviewId: string) =>
  queryOptions({
    queryKey: reviewKeys.match(reviewId),
    queryFn: ({ signal }) => apiFetch<ReviewMatchDetail>(reviewMatchPath(reviewId), { signal }),
  });

/** GET /api/review-matches/:id: the match, the engine's candidates, whether it needs review, the history. */
export function useReviewMatch(reviewId: string) {
  return useQuery(reviewMatchQueryOptions(reviewId));
}
