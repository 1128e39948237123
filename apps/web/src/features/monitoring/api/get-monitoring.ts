import type { MonitoringSnapshot } from '@careloop/contracts/monitoring';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Spec 2 §9: the monitoring page refreshes every 30 seconds. */
const monitoringRefreshMs = 30_000;

const monitoringQueryOptions = () =>
  queryOptions({
    queryKey: ['monitoring'] as const,
    queryFn: ({ signal }) => apiFetch<MonitoringSnapshot>('/api/monitoring', { signal }),
    refetchInterval: monitoringRefreshMs,
  });

/** GET /api/monitoring, again every 30 seconds while the page is open. */
export function useMonitoring() {
  return useQuery(monitoringQueryOptions());
}
