import type { PatientListResponse } from '@careloop/contracts/patients';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { followupKeys } from './followup-keys';

const optionsLimit = 50;

function getPatientOptions(q: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(optionsLimit) });
  if (q.trim()) params.set('q', q.trim());
  return apiFetch<PatientListResponse>(`/api/patients?${params}`, { signal });
}

/** GET /api/patients: the clinic's patients matching the search, for Test Messaging's picker. */
export function usePatientOptions(q: string) {
  return useQuery(
    queryOptions({
      queryKey: followupKeys.patients(q.trim()),
      queryFn: ({ signal }) => getPatientOptions(q, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
