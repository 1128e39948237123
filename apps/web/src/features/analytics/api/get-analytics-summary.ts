import type { AnalyticsRangeQuery, AnalyticsSummaryResponse } from '@careloop/contracts/analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const analyticsKeys = {
  all: ['analytics'] as const,
  summary: (range: AnalyticsRangeQuery) => [...analyticsKeys.all, 'summary', range] as const,
};

const analyticsSummaryQueryOptions = (range: AnalyticsRangeQuery) =>
  queryOptions({
    queryKey: analyticsKeys.summary(range),
    queryFn: ({ signal }) =>
      apiFetch<AnalyticsSummaryResponse>(`/api/analytics/summary?${new URLSearchParams(range)}`, { signal }),
    staleTime: 60_000,
    // A new range keeps the last figures on screen (marked as updating) instead of a blank page.
    placeholderData: keepPreviousData,
  });

/** GET /api/analytics/summary: the KPIs of a period and the one before it; not asked while `range` is null. */
export function useAnalyticsSummary(range: AnalyticsRangeQuery | null) {
  return useQuery({
    ...analyticsSummaryQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
  });
}
