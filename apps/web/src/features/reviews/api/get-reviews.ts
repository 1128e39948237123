import type { ReviewListResponse } from '@careloop/contracts/reviews';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

const pageSize = 25;

function getReviews(cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(pageSize) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<ReviewListResponse>(`/api/reviews?${params}`, { signal });
}

const reviewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: reviewKeys.list(),
    queryFn: ({ pageParam, signal }) => getReviews(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useReviews() {
  return useInfiniteQuery(reviewsQueryOptions());
}
