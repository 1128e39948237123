import type { OnboardingState } from '@careloop/contracts/onboarding';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { onboardingKeys } from './onboarding-keys';

const onboardingQueryOptions = () =>
  queryOptions({
    queryKey: onboardingKeys.state(),
    queryFn: ({ signal }) => apiFetch<OnboardingState>('/api/onboarding', { signal }),
  });

/** The wizard's saved progress, the clinic profile, saved channels and templates (owner/admin). */
export function useOnboarding() {
  return useQuery(onboardingQueryOptions());
}
