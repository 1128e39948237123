/** Query keys of the onboarding feature. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  state: () => [...onboardingKeys.all, 'state'] as const,
};

/** Keys other areas own whose data a wizard step changes (clinic name in the shell, channels, templates). */
export const affectedKeys = [['me'], ['settings'], ['templates'], ['dashboard']] as const;
