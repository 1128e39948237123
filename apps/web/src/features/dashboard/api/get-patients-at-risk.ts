import type { PatientsAtRiskResponse } from '@careloop/contracts/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

// Under `dashboard`, which the cases and reviews features invalidate after a change: a resolved
// case can lower a patient's risk.
const patientsAtRiskQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'patients-at-risk'] as const,
    queryFn: ({ signal }) => apiFetch<PatientsAtRiskResponse>('/api/analytics/patients-at-risk', { signal }),
    staleTime: 30_000,
  });

/** GET /api/analytics/patients-at-risk: how many patients are at high and medium risk now. */
export function usePatientsAtRisk() {
  return useQuery(patientsAtRiskQueryOptions());
}
