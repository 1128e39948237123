import type { Patient } from '@careloop/contracts/patients';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

const matchPatientQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: reviewKeys.patient(patientId),
    queryFn: ({ signal }) => apiFetch<Patient>(`/api/patients/${encodeURIComponent(patientId)}`, { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * GET /api/patients/:id for the patients a match history names but the match answer does not
 * (the history keeps ids only). Answers the names found, by id.
 */
export function useMatchPatientNames(patientIds: string[]): Map<string, string> {
  return useQueries({
    queries: patientIds.map((id) => ({ ...matchPatientQueryOptions(id), retry: false })),
    combine: (results) =>
      new Map(
        results.flatMap((result) => (result.data ? [[result.data.id, result.data.name] as const] : [])),
      ),
  });
}
