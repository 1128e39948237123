import type { LeadList } from '@careloop/contracts/leads';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const leadsPageSize = 25;

export type LeadsFilter = { q: string; page: number };

/** Query keys of the operators' leads view. */
const leadKeys = {
  all: ['admin', 'leads'] as const,
  list: (filter: LeadsFilter) => [...leadKeys.all, filter] as const,
};

function getLeads(filter: LeadsFilter, signal?: AbortSignal) {
  const params = new URLSearchParams({
    limit: String(leadsPageSize),
    offset: String((filter.page - 1) * leadsPageSize),
  });
  if (filter.q.trim()) params.set('q', filter.q.trim());
  return apiFetch<LeadList>(`/api/admin/leads?${params}`, { signal });
}

/** GET /api/admin/leads: the public site's requests, newest first (operators only). */
export function useLeads(filter: LeadsFilter) {
  return useQuery(
    queryOptions({
      queryKey: leadKeys.list(filter),
      queryFn: ({ signal }) => getLeads(filter, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** Where the browser downloads the leads as CSV (the same search as the list). */
export function exportLeadsUrl(q: string): string {
  const search = q.trim();
  return search
    ? `/api/admin/leads/export.csv?${new URLSearchParams({ q: search })}`
    : '/api/admin/leads/export.csv';
}
