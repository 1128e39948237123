import type { PatientAliasList } from '@careloop/contracts/patient-aliases';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

/** GET /api/patients/:id/aliases: reviewer names staff tied to the patient. */
export function usePatientAliases(patientId: string) {
  return useQuery({
    queryKey: patientKeys.aliases(patientId),
    queryFn: ({ signal }) =>
      apiFetch<PatientAliasList>(`/api/patients/${encodeURIComponent(patientId)}/aliases`, { signal }),
  });
}

/** DELETE /api/patients/:id/aliases/:aliasId (owner or admin); refreshes the list. */
export function useRemovePatientAlias(patientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (aliasId: string) =>
      apiFetch<null>(
        `/api/patients/${encodeURIComponent(patientId)}/aliases/${encodeURIComponent(aliasId)}`,
        { method: 'DELETE' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.aliases(patientId) }),
  });
}
