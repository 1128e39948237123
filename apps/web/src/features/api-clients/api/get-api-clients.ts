import type { ApiClientListResponse } from '@careloop/contracts/api-clients';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { apiClientsKeys } from './api-clients-keys';

const apiClientsQueryOptions = () =>
  queryOptions({
    queryKey: apiClientsKeys.all,
    queryFn: ({ signal }) => apiFetch<ApiClientListResponse>('/api/settings/api-clients', { signal }),
  });

/** The clinic's API clients (owners and admins), and whether its plan includes the API. */
export function useApiClients() {
  return useQuery(apiClientsQueryOptions());
}
