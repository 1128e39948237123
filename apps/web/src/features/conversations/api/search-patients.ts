import type { PatientListResponse } from '@careloop/contracts/patients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { conversationKeys } from './conversation-keys';

/** Patients by name, e-mail or phone, for the simulated reply's patient picker. */
const patientSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: conversationKeys.patientSearch(q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (q) params.set('q', q);
      return apiFetch<PatientListResponse>(`/api/patients?${params}`, { signal });
    },
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function usePatientSearch(q: string, enabled: boolean) {
  return useQuery({ ...patientSearchQueryOptions(q.trim()), enabled });
}
