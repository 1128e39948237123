import type { ApiClientUsageResponse } from '@careloop/contracts/api-clients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { apiClientsKeys } from './api-clients-keys';

const apiClientUsageQueryOptions = () =>
  queryOptions({
    queryKey: apiClientsKeys.usage,
    queryFn: ({ signal }) => apiFetch<ApiClientUsageResponse>('/api/settings/api-clients/usage', { signal }),
  });

/** Each API client's calls this hour (its hourly budget) and today, in the clinic's time zone. */
export function useApiClientUsage() {
  return useQuery(apiClientUsageQueryOptions());
}
