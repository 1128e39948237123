import type { Case } from '@careloop/contracts/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { casesKey, dashboardKey, reviewKeys } from './review-keys';

function createReviewCase(reviewId: string) {
  return apiFetch<Case>(`/api/reviews/${encodeURIComponent(reviewId)}/case`, { method: 'POST' });
}

export function useCreateReviewCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReviewCase,
    // Also on 409: the list then shows the case someone else opened.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: casesKey });
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
  });
}
