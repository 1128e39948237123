import type { CreatePatientBody, Patient } from '@careloop/contracts/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

const createPatient = (body: CreatePatientBody) =>
  apiFetch<Patient>('/api/patients', { method: 'POST', body });

/** POST /api/patients; refreshes the lists. */
export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
  });
}
