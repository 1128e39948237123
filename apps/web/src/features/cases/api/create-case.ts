import type { Case, CreateCaseBody } from '@careloop/contracts/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { caseKeys, dashboardKey } from './case-keys';

function createCase(body: CreateCaseBody) {
  return apiFetch<Case>('/api/cases', { method: 'POST', body });
}

export function useCreateCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: caseKeys.all });
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
  });
}
