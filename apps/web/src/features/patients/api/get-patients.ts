import type { PatientListResponse } from '@careloop/contracts/patients';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type PatientListFilter, patientKeys } from './patient-keys';

const patientsPageSize = 24;

function getPatients(filter: PatientListFilter, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(patientsPageSize) });
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.status) params.set('status', filter.status);
  if (filter.risk) params.set('risk', filter.risk);
  if (filter.sort !== 'recent') params.set('sort', filter.sort);
  if (cursor) params.set('cursor', cursor);
  return apiFetch<PatientListResponse>(`/api/patients?${params}`, { signal });
}

const patientsQueryOptions = (filter: PatientListFilter) =>
  infiniteQueryOptions({
    queryKey: patientKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getPatients(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

/** GET /api/patients: newest (or highest risk) first, searched and filtered, a page at a time ("Load more"). */
export function usePatients(filter: PatientListFilter) {
  return useInfiniteQuery(patientsQueryOptions(filter));
}
