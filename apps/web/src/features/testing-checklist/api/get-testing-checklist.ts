import type { TestingChecklistResponse } from '@careloop/contracts/testing-checklist';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const testingChecklistKey = ['testing-checklist'] as const;

const testingChecklistQueryOptions = () =>
  queryOptions({
    queryKey: testingChecklistKey,
    queryFn: ({ signal }) => apiFetch<TestingChecklistResponse>('/api/testing-checklist', { signal }),
  });

/** GET /api/testing-checklist: the twelve cases with the clinic's saved state. */
export function useTestingChecklist() {
  return useQuery(testingChecklistQueryOptions());
}
