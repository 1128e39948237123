import type { DataRetention } from '@careloop/contracts/compliance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { complianceKeys } from './compliance-keys';

const retentionQueryOptions = () =>
  queryOptions({
    queryKey: complianceKeys.retention(),
    queryFn: ({ signal }) => apiFetch<DataRetention>('/api/compliance/retention', { signal }),
  });

/** GET /api/compliance/retention. */
export function useRetention() {
  return useQuery(retentionQueryOptions());
}
