import type { ClientErrorList } from '@careloop/contracts/reporting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const clientErrorsPageSize = 25;

export type ClientErrorSource = 'all' | 'public' | 'clinics';
export type ClientErrorsFilter = {
  source: ClientErrorSource;
  errorId: string;
  includeNotFound: boolean;
  page: number;
};

const clientErrorKeys = {
  all: ['admin', 'client-errors'] as const,
  list: (filter: ClientErrorsFilter) => [...clientErrorKeys.all, filter] as const,
};

function getClientErrors(filter: ClientErrorsFilter, signal?: AbortSignal) {
  const params = new URLSearchParams({
    source: filter.source,
    includeNotFound: String(filter.includeNotFound),
    limit: String(clientErrorsPageSize),
    offset: String((filter.page - 1) * clientErrorsPageSize),
  });
  if (filter.errorId.trim()) params.set('errorId', filter.errorId.trim());
  return apiFetch<ClientErrorList>(`/api/admin/client-errors?${params}`, { signal });
}

/** GET /api/admin/client-errors: what browsers reported, every clinic's and the public pages' (operators only). */
export function useClientErrors(filter: ClientErrorsFilter) {
  return useQuery(
    queryOptions({
      queryKey: clientErrorKeys.list(filter),
      queryFn: ({ signal }) => getClientErrors(filter, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
