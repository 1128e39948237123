import type { PatientListResponse } from '@careloop/contracts/patients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { complianceKeys } from './compliance-keys';

const patientSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: complianceKeys.patientSearch(q),
    queryFn: ({ signal }) =>
      apiFetch<PatientListResponse>(`/api/patients?limit=20${q ? `&q=${encodeURIComponent(q)}` : ''}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/patients?q=: the patients to pick from for an export or an erasure. */
export function usePatientSearch(q: string) {
  return useQuery(patientSearchQueryOptions(q));
}
