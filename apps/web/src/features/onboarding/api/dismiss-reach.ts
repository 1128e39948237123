import type { OnboardingState } from '@careloop/contracts/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { onboardingKeys } from './onboarding-keys';

function dismissReach() {
  return apiFetch<OnboardingState>('/api/onboarding/reach/dismiss', { method: 'POST' });
}

/** 'Maybe later' on the 'Maximize Your Reach' card. */
export function useDismissReach() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReach,
    onSuccess: (state) => queryClient.setQueryData(onboardingKeys.state(), state),
  });
}
