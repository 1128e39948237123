import type { SystemStatus } from '@careloop/contracts/public-site';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client';

export const systemStatusQuery = () =>
  queryOptions({
    queryKey: ['public', 'status'],
    queryFn: ({ signal }) => apiFetch<SystemStatus>('/api/status', { signal }),
    refetchInterval: 30_000,
  });
