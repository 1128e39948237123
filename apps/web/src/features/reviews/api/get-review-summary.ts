import type { ReviewSummary } from '@careloop/contracts/reviews';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

const reviewSummaryQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.summary(),
    queryFn: ({ signal }) => apiFetch<ReviewSummary>('/api/reviews/summary', { signal }),
  });

export function useReviewSummary() {
  return useQuery(reviewSummaryQueryOptions());
}
