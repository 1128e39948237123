import type { Patient, UpdatePatientBody } from '@careloop/contracts/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

const updatePatient = ({ id, body }: { id: string; body: UpdatePatientBody }) =>
  apiFetch<Patient>(`/api/patients/${encodeURIComponent(id)}`, { method: 'PATCH', body });

/** PATCH /api/patients/:id; refreshes the lists and stores the new patient. */
export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: (patient) => {
      queryClient.setQueryData(patientKeys.detail(patient.id), patient);
      return queryClient.invalidateQueries({ queryKey: patientKeys.lists() });
    },
  });
}
