import type { CaseListResponse, CaseStatusFilter } from '@careloop/contracts/cases';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { caseKeys } from './case-keys';

const pageSize = 25;

function getCases(status: CaseStatusFilter, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ status, limit: String(pageSize) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<CaseListResponse>(`/api/cases?${params}`, { signal });
}

const casesQueryOptions = (status: CaseStatusFilter) =>
  infiniteQueryOptions({
    queryKey: caseKeys.list(status),
    queryFn: ({ pageParam, signal }) => getCases(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useCases(status: CaseStatusFilter) {
  return useInfiniteQuery(casesQueryOptions(status));
}
