import type { OnboardingState } from '@careloop/contracts/onboarding';
import { onboardingMessages } from '@careloop/domain/credentials';
import {
  type OnboardingStep,
  onboardingProgressPercent,
  onboardingStepCount,
  reachSuggestion,
  stepKey,
} from '@careloop/domain/onboarding';
import { Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SandboxValuesButton } from '../../../components/sandbox-values-button';
import { useCurrentUser } from '../../../lib/current-user';
import { showError, showSuccess } from '../../../lib/notifications';
import { paths } from '../../../lib/routes';
import { useDismissReach } from '../api/dismiss-reach';
import { type SaveStepInput, useSaveOnboardingStep } from '../api/save-onboarding-step';
import { initialDrafts, initialView, type WizardDrafts, type WizardView } from '../onboarding-drafts.utils';
import { describeSaveFailure, translateOnboardingMessage } from '../onboarding-messages.utils';
import { canSkipStep, skipSaves, stepProblem, stepSave } from '../onboarding-steps.utils';
import { ChannelAllowanceWarning } from './channel-allowance-warning';
import { ClinicProfileStep } from './clinic-profile-step';
import { OnboardingStepper } from './onboarding-stepper';
import { ReachCard } from './reach-card';
import { SetupComplete } from './setup-complete';
import { SmsStep } from './sms-step';
import { StepSection } from './step-section';
import { TemplatesStep } from './templates-step';
import { WhatsAppStep } from './whatsapp-step';
import { type WizardAction, WizardControls } from './wizard-controls';

/**
 * The four-step wizard over the saved state: resumes at the saved step plus one, validates each
 * step with the domain rules before saving it, and ends on the 'Setup Complete!' summary.
 */
export function OnboardingWizard({ state }: { state: OnboardingState }) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const save = useSaveOnboardingStep();
  const tier = useCurrentUser().data?.clinic.subscriptionTier;
  const dismiss = useDismissReach();
  const [view, setView] = useState<WizardView>(() => initialView(state));
  const [drafts, setDrafts] = useState<WizardDrafts>(() => initialDrafts(state));
  const [pending, setPending] = useState<WizardAction | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hasMoved = useRef(false);

  // After a move (not on the first render), focus goes to the new step's heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of step
  useEffect(() => {
    if (hasMoved.current) headingRef.current?.focus();
    hasMoved.current = true;
  }, [view]);

  const translate = (
    message: Parameters<typeof translateOnboardingMessage>[1],
    values: Record<string, string> = {},
  ) => translateOnboardingMessage(t, message, { ...values, limit: state.templateLimit });

  const move = (next: WizardView) => setView(next);

  const run = async (action: WizardAction, input: SaveStepInput): Promise<OnboardingState | null> => {
    setPending(action);
    try {
      return await save.mutateAsync(input);
    } catch (error) {
      const failure = describeSaveFailure(error, state.templateLimit);
      showError({
        title: failure.title === 'validation' ? t('errors.validationTitle') : t('toasts.saveFailed'),
        message: failure.reason ? translate(failure.reason, failure.values) : undefined,
      });
      return null;
    } finally {
      setPending(null);
    }
  };

  const advance = (step: OnboardingStep, saved: OnboardingState) => {
    if (step < onboardingStepCount) return move((step + 1) as OnboardingStep);
    if (saved.wizardCompleted) showSuccess({ title: t('toasts.setupComplete') });
    move('done');
  };

  const handleNext = async (step: OnboardingStep) => {
    const problem = stepProblem(step, drafts, state.channels);
    if (problem) {
      showError({ title: t('errors.validationTitle'), message: translate(problem) });
      return;
    }
    const saved = await run('next', stepSave(step, drafts, state));
    if (saved) advance(step, saved);
  };

  const handleSkip = async (step: OnboardingStep) => {
    if (step !== 2 && step !== 3) return;
    if (!canSkipStep(step, state.channels)) {
      showError({
        title: t('errors.validationTitle'),
        message: translate(onboardingMessages.requiredFieldsMissing),
      });
      return;
    }
    const saved = await run('skip', skipSaves[step]);
    if (saved) advance(step, saved);
  };

  const handleSaveExit = async (step: OnboardingStep) => {
    // A step that is not valid yet is left out: what was saved before stays.
    if (stepProblem(step, drafts, state.channels) === null) {
      const saved = await run('exit', stepSave(step, drafts, state));
      if (!saved) return;
    }
    showSuccess({ title: t('toasts.progressSaved') });
    navigate(paths.dashboard);
  };

  const suggestion = reachSuggestion(state.channels);
  const isBusy = pending !== null;

  if (view === 'done') {
    return (
      <Stack gap="lg">
        <OnboardingStepper state={state} view={view} onSelect={move} />
        <Progress value={100} aria-label={t('progress.label')} />
        <Text size="sm" c="dimmed">
          {t('progress.done')}
        </Text>
        <SetupComplete state={state} headingRef={headingRef} onReview={() => move(1)} />
        {suggestion && !state.reachDismissed ? (
          <ReachCard
            channel={suggestion}
            onAdd={() => move(suggestion === 'sms' ? 3 : 2)}
            isDismissing={dismiss.isPending}
            onDismiss={() =>
              dismiss.mutate(undefined, { onError: () => showError({ title: t('toasts.dismissFailed') }) })
            }
          />
        ) : null}
      </Stack>
    );
  }

  const step = view;
  const percent = onboardingProgressPercent(step);
  const problem = stepProblem(step, drafts, state.channels);
  const skipKey = step === 2 ? 'whatsapp' : step === 3 ? 'sms' : null;
  const canSkip = skipKey !== null && canSkipStep(step, state.channels);
  // SMS becomes the only channel by skipping WhatsApp (step 2) or with WhatsApp not saved (step 3).
  const smsMayBeOnly = (step === 2 && canSkip) || (step === 3 && !state.channels.whatsapp);
  const introKey = (
    { 1: 'profile.intro', 2: 'whatsapp.intro', 3: 'sms.intro', 4: 'templates.intro' } as const
  )[step];

  return (
    <Stack gap="lg">
      <OnboardingStepper state={state} view={view} onSelect={move} disabled={isBusy} />
      <Stack gap={6}>
        <Progress value={percent} aria-label={t('progress.label')} />
        <Text size="sm" c="dimmed">
          {t('progress.text', { step, total: onboardingStepCount, percent })}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg">
          <StepSection title={t(`steps.${stepKey(step)}`)} intro={t(introKey)} headingRef={headingRef}>
            {step === 1 ? (
              <>
                <Text size="sm" c="dimmed">
                  {t('requiredNote')}
                </Text>
                <ClinicProfileStep
                  value={drafts.profile}
                  onChange={(profile) => setDrafts((current) => ({ ...current, profile }))}
                  disabled={isBusy}
                />
              </>
            ) : step === 2 ? (
              <>
                <SandboxValuesButton
                  channel="whatsapp"
                  onFill={(whatsapp) => setDrafts((current) => ({ ...current, whatsapp }))}
                  disabled={isBusy}
                />
                <WhatsAppStep
                  value={drafts.whatsapp}
                  onChange={(whatsapp) => setDrafts((current) => ({ ...current, whatsapp }))}
                  isSaved={state.channels.whatsapp}
                  disabled={isBusy}
                />
              </>
            ) : step === 3 ? (
              <>
                <SandboxValuesButton
                  channel="sms"
                  onFill={({ accountSid, authToken, fromNumber }) =>
                    setDrafts((current) => ({ ...current, sms: { accountSid, authToken, fromNumber } }))
                  }
                  disabled={isBusy}
                />
                <SmsStep
                  value={drafts.sms}
                  onChange={(sms) => setDrafts((current) => ({ ...current, sms }))}
                  isSaved={state.channels.sms}
                  isWhatsAppSaved={state.channels.whatsapp}
                  disabled={isBusy}
                />
              </>
            ) : (
              <TemplatesStep
                value={drafts.templates}
                onChange={(templates) => setDrafts((current) => ({ ...current, templates }))}
                limit={state.templateLimit}
                channels={state.channels}
                disabled={isBusy}
              />
            )}
          </StepSection>
          {smsMayBeOnly ? <ChannelAllowanceWarning tier={tier} channel="sms" /> : null}
          <WizardControls
            isFirst={step === 1}
            isLast={step === onboardingStepCount}
            problem={problem ? translate(problem) : null}
            skipLabel={canSkip && skipKey ? t(`${skipKey}.skip`) : null}
            skipHint={canSkip && skipKey ? t(`${skipKey}.skipHint`) : null}
            pending={pending}
            onPrevious={() => move(Math.max(1, step - 1) as OnboardingStep)}
            onNext={() => void handleNext(step)}
            onSkip={() => void handleSkip(step)}
            onSaveExit={() => void handleSaveExit(step)}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
