import type { Case, UpdateCaseBody } from '@careloop/contracts/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { caseKeys, dashboardKey } from './case-keys';

function updateCase(id: string, body: UpdateCaseBody) {
  return apiFetch<Case>(`/api/cases/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useUpdateCase(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCaseBody) => updateCase(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: caseKeys.all });
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
      // A resolved review case lets its review open a new one.
      void queryClient.invalidateQueries({ queryKey: ['reviews'] });
    },
  });
}
