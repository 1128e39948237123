import type {
  ClinicProfileStepBody,
  OnboardingState,
  SmsStepBody,
  TemplatesStepBody,
  WhatsAppStepBody,
} from '@careloop/contracts/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { affectedKeys, onboardingKeys } from './onboarding-keys';

export type SaveStepInput =
  | { step: 1; body: ClinicProfileStepBody }
  | { step: 2; body: WhatsAppStepBody }
  | { step: 3; body: SmsStepBody }
  | { step: 4; body: TemplatesStepBody };

function saveOnboardingStep({ step, body }: SaveStepInput) {
  return apiFetch<OnboardingState>(`/api/onboarding/steps/${step}`, { method: 'PUT', body });
}

/** Saves one step; the answer is the new state, so the wizard needs no second request. */
export function useSaveOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOnboardingStep,
    onSuccess: (state) => {
      queryClient.setQueryData(onboardingKeys.state(), state);
      for (const queryKey of affectedKeys) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
