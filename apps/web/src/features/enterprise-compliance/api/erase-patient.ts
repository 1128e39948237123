import type { PatientErasureBody, PatientErasureResponse } from '@careloop/contracts/compliance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { complianceKeys } from './compliance-keys';

/** POST /api/compliance/patients/:id/erasure; every cached list may have held the patient. */
export function useErasePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patientId, body }: { patientId: string; body: PatientErasureBody }) =>
      apiFetch<PatientErasureResponse>(`/api/compliance/patients/${encodeURIComponent(patientId)}/erasure`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: complianceKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['patients'] });
    },
  });
}
