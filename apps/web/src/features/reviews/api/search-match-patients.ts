import type { PatientListResponse } from '@careloop/contracts/patients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** Patients by name, e-mail or phone (GET /api/patients?q=), for matching a review by hand. */
const matchPatientSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: reviewKeys.patientSearch(q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (q) params.set('q', q);
      return apiFetch<PatientListResponse>(`/api/patients?${params}`, { signal });
    },
    staleTime: 30_000,
  });

export function useMatchPatientSearch(q: string, enabled: boolean) {
  return useQuery({ ...matchPatientSearchQueryOptions(q.trim()), enabled });
}
