import type { SyncReviewsResponse } from '@careloop/contracts/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { dashboardKey, reviewKeys } from './review-keys';

function syncReviews() {
  return apiFetch<SyncReviewsResponse>('/api/reviews/sync', { method: 'POST' });
}

export function useSyncReviews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncReviews,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
  });
}
