import type { SecurityScan } from '@careloop/contracts/security-hardening';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const securityScanKey = ['security-hardening'] as const;

const securityScanQueryOptions = () =>
  queryOptions({
    queryKey: securityScanKey,
    queryFn: ({ signal }) => apiFetch<SecurityScan>('/api/security-hardening', { signal }),
  });

/** GET /api/security-hardening: the eight checks as they stand now, and the score. */
export function useSecurityScan() {
  return useQuery(securityScanQueryOptions());
}
