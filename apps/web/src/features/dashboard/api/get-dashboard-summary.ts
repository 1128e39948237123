import type { DashboardSummary } from '@careloop/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Under `dashboard`, which the cases and reviews features invalidate after a change. */
const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
};

const dashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => apiFetch<DashboardSummary>('/api/dashboard/summary', { signal }),
    staleTime: 30_000,
  });

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
