import type { DataRetention, DataRetentionBody } from '@careloop/contracts/compliance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { complianceKeys } from './compliance-keys';

/** PUT /api/compliance/retention; the saved settings replace the cached ones, the audit log refreshes. */
export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DataRetentionBody) =>
      apiFetch<DataRetention>('/api/compliance/retention', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(complianceKeys.retention(), saved);
      void queryClient.invalidateQueries({ queryKey: [...complianceKeys.all, 'audit-log'] });
    },
  });
}
