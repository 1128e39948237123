import type { BaaRequest, BaaRequestBody } from '@careloop/contracts/compliance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { complianceKeys } from './compliance-keys';

/** POST /api/compliance/baa-requests (stored and mailed to sales). */
export function useRequestBaa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BaaRequestBody) =>
      apiFetch<BaaRequest>('/api/compliance/baa-requests', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: complianceKeys.baaRequests() });
      void queryClient.invalidateQueries({ queryKey: [...complianceKeys.all, 'audit-log'] });
    },
  });
}
