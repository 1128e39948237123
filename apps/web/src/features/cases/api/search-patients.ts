import type { PatientListResponse } from '@careloop/contracts/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { caseKeys } from './case-keys';

/** Patients by name, e-mail or phone, for the New case dialog's patient picker. */
const patientSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: caseKeys.patientSearch(q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (q) params.set('q', q);
      return apiFetch<PatientListResponse>(`/api/patients?${params}`, { signal });
    },
    staleTime: 30_000,
  });

export function usePatientSearch(q: string, enabled: boolean) {
  return useQuery({ ...patientSearchQueryOptions(q.trim()), enabled });
}
