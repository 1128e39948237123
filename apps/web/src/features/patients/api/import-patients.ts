import type { ImportResultResponse } from '@careloop/contracts/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

export const importPatients = (csv: string) =>
  apiFetch<ImportResultResponse>('/api/patients/import', { method: 'POST', body: { csv } });

/** POST /api/patients/import; refreshes the lists. */
export function useImportPatients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPatients,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
  });
}
