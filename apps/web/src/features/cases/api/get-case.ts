import type { CaseDetail } from '@careloop/contracts/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { caseKeys } from './case-keys';

const caseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: caseKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<CaseDetail>(`/api/cases/${encodeURIComponent(id)}`, { signal }),
  });

export function useCase(id: string | null) {
  return useQuery({ ...caseQueryOptions(id ?? ''), enabled: id !== null });
}
