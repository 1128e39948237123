import type { CaseSummary } from '@careloop/contracts/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { caseKeys } from './case-keys';

const caseSummaryQueryOptions = () =>
  queryOptions({
    queryKey: caseKeys.summary(),
    queryFn: ({ signal }) => apiFetch<CaseSummary>('/api/cases/summary', { signal }),
  });

export function useCaseSummary() {
  return useQuery(caseSummaryQueryOptions());
}
