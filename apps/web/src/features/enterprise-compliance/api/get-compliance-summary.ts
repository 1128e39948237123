import type { ComplianceSummary } from '@careloop/contracts/compliance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { complianceKeys } from './compliance-keys';

const complianceSummaryQueryOptions = () =>
  queryOptions({
    queryKey: complianceKeys.summary(),
    queryFn: ({ signal }) => apiFetch<ComplianceSummary>('/api/compliance/summary', { signal }),
    // A plan or role refusal is an answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  });

/** GET /api/compliance/summary, once the page knows the clinic may use it (the server answers 403 otherwise). */
export function useComplianceSummary({ enabled }: { enabled: boolean }) {
  return useQuery({ ...complianceSummaryQueryOptions(), enabled });
}
