import type { OnboardingState } from '@careloop/contracts/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * The same key as the wizard's own query, so a step saved there shows here at once (features do
 * not import each other; the key is the contract between them).
 */
export const onboardingProgressKey = ['onboarding', 'state'] as const;

const onboardingProgressQueryOptions = () =>
  queryOptions({
    queryKey: onboardingProgressKey,
    queryFn: ({ signal }) => apiFetch<OnboardingState>('/api/onboarding', { signal }),
    staleTime: 30_000,
  });

/** The setup wizard's progress, for the dashboard's reminder (owners and admins only may read it). */
export function useOnboardingProgress(enabled: boolean) {
  return useQuery({ ...onboardingProgressQueryOptions(), enabled });
}
