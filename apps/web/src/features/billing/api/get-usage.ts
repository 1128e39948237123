import type { Usage } from '@careloop/contracts/usage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

const usageQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.usage,
    queryFn: ({ signal }) => apiFetch<Usage>('/api/usage', { signal }),
    staleTime: 60_000,
  });

/** This month's messages and patients against the plan (any member). */
export function useUsage() {
  return useQuery(usageQueryOptions());
}
