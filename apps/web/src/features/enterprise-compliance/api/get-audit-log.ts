import type { AuditLogResponse } from '@careloop/contracts/compliance';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { type AuditLogFilters, auditLogSearch, complianceKeys } from './compliance-keys';

const auditLogQueryOptions = (filters: AuditLogFilters) =>
  infiniteQueryOptions({
    queryKey: complianceKeys.auditLog(filters),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<AuditLogResponse>(`/api/compliance/audit-log${auditLogSearch(filters, pageParam)}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** GET /api/compliance/audit-log, page after page (keyset cursor). */
export function useAuditLog(filters: AuditLogFilters) {
  return useInfiniteQuery(auditLogQueryOptions(filters));
}
