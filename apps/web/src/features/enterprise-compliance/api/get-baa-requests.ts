import type { BaaRequest } from '@careloop/contracts/compliance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { complianceKeys } from './compliance-keys';

const baaRequestsQueryOptions = () =>
  queryOptions({
    queryKey: complianceKeys.baaRequests(),
    queryFn: ({ signal }) => apiFetch<{ items: BaaRequest[] }>('/api/compliance/baa-requests', { signal }),
  });

/** GET /api/compliance/baa-requests. */
export function useBaaRequests() {
  return useQuery(baaRequestsQueryOptions());
}
