import type { PatientDetail } from '@careloop/contracts/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

const patientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: patientKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<PatientDetail>(`/api/patients/${encodeURIComponent(id)}`, { signal }),
  });

/** GET /api/patients/:id */
export function usePatient(id: string) {
  return useQuery(patientQueryOptions(id));
}
