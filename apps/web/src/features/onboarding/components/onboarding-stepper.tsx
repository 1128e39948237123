import type { OnboardingState } from '@careloop/contracts/onboarding';
import type { OnboardingStep } from '@careloop/domain/onboarding';
import { Stepper, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconPlayerSkipForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WizardView } from '../onboarding-drafts.utils';
import { isStepReachable, stepIndicators } from '../onboarding-progress.utils';

type OnboardingStepperProps = {
  state: OnboardingState;
  view: WizardView;
  onSelect: (step: OnboardingStep) => void;
  disabled?: boolean;
};

/** Below 576px the four steps stack, so their labels and markers stay readable at 375px. */
const narrowQuery = '(max-width: 35.99em)';

/**
 * The step indicator: a check on each completed step with who completed it (the part of their
 * e-mail before the @), a skip mark on a channel step passed without its channel. Saved steps
 * and the next one can be opened from here.
 */
export function OnboardingStepper({ state, view, onSelect, disabled }: OnboardingStepperProps) {
  const { t } = useTranslation('onboarding');
  const isNarrow = useMediaQuery(narrowQuery, false, { getInitialValueInEffect: false });
  const active = view === 'done' ? 4 : view - 1;

  return (
    <nav aria-label={t('stepper.label')}>
      <Stepper
        active={active}
        onStepClick={(index) => onSelect((index + 1) as OnboardingStep)}
        orientation={isNarrow ? 'vertical' : 'horizontal'}
        size="sm"
      >
        {stepIndicators(state).map((indicator) => {
          // A skipped channel step is passed like a completed one, but shows it was skipped (the
          // summary's SKIPPED), not a check.
          const markIcon =
            indicator.mark === 'completed' ? (
              <IconCheck size={16} aria-hidden="true" />
            ) : indicator.mark === 'skipped' ? (
              <IconPlayerSkipForward size={16} aria-hidden="true" />
            ) : undefined;
          return (
            <Stepper.Step
              key={indicator.key}
              data-mark={indicator.mark}
              label={
                <>
                  {t(`steps.${indicator.key}`)}
                  {indicator.mark !== 'pending' ? (
                    <VisuallyHidden>{` (${t(`stepper.${indicator.mark}`)})`}</VisuallyHidden>
                  ) : null}
                </>
              }
              description={
                indicator.mark === 'skipped'
                  ? t('stepper.skippedNote')
                  : indicator.completedBy
                    ? t('stepper.completedBy', { name: indicator.completedBy })
                    : undefined
              }
              color={indicator.mark === 'skipped' ? 'gray' : undefined}
              icon={markIcon ?? indicator.step}
              completedIcon={markIcon}
              allowStepSelect={!disabled && view !== indicator.step && isStepReachable(indicator.step, state)}
              aria-current={view === indicator.step ? 'step' : undefined}
            />
          );
        })}
      </Stepper>
    </nav>
  );
}
