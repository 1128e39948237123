import type { OnboardingState } from '@careloop/contracts/onboarding';
import { emailHandle } from '@careloop/domain/clinic-profile';
import {
  type OnboardingStep,
  type OnboardingStepKey,
  onboardingStepKeys,
  resumeStep,
} from '@careloop/domain/onboarding';

/** A step as the stepper marks it: saved, saved without setting its channel up, or still to do. */
type StepMark = 'completed' | 'skipped' | 'pending';

export type StepIndicator = {
  step: OnboardingStep;
  key: OnboardingStepKey;
  mark: StepMark;
  /** Who completed it: the part of the e-mail before the @, or null (also for a skipped step). */
  completedBy: string | null;
};

/** The channel a channel step sets up. */
const stepChannels: Partial<Record<OnboardingStepKey, keyof OnboardingState['channels']>> = {
  whatsappSetup: 'whatsapp',
  smsSetup: 'sms',
};

/**
 * The stepper's marks: a check for completed steps and who completed each; a channel step passed
 * without its channel set up ("Skip: I'll use ... only") is skipped, as the summary says.
 */
export function stepIndicators(state: Pick<OnboardingState, 'steps' | 'channels'>): StepIndicator[] {
  return onboardingStepKeys.map((key, index) => {
    const { completed, completedBy } = state.steps[key];
    const channel = stepChannels[key];
    const mark: StepMark = !completed
      ? 'pending'
      : channel && !state.channels[channel]
        ? 'skipped'
        : 'completed';
    const handle = completedBy ? emailHandle(completedBy).trim() : '';
    return {
      step: (index + 1) as OnboardingStep,
      key,
      mark,
      completedBy: mark === 'completed' && handle !== '' ? handle : null,
    };
  });
}

/** Steps the user may jump to from the indicator: those already saved and the one after them. */
export function isStepReachable(
  step: OnboardingStep,
  state: Pick<OnboardingState, 'stepCompleted'>,
): boolean {
  return step <= resumeStep(state.stepCompleted);
}

export type SummaryStatus = 'completed' | 'notCompleted' | 'connected' | 'skipped';
export type SummaryRow = { key: OnboardingStepKey; status: SummaryStatus; templateCount?: number };

/** The 'Setup Complete!' summary: each step and what it left in place. */
export function summaryRows(state: Pick<OnboardingState, 'steps' | 'channels' | 'templates'>): SummaryRow[] {
  const done = (key: OnboardingStepKey): SummaryStatus =>
    state.steps[key].completed ? 'completed' : 'notCompleted';
  return [
    { key: 'clinicProfile', status: done('clinicProfile') },
    { key: 'whatsappSetup', status: state.channels.whatsapp ? 'connected' : 'skipped' },
    { key: 'smsSetup', status: state.channels.sms ? 'connected' : 'skipped' },
    { key: 'messageTemplates', status: done('messageTemplates'), templateCount: state.templates.length },
  ];
}
