import { Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type WizardAction = 'next' | 'skip' | 'exit';

type WizardControlsProps = {
  isFirst: boolean;
  isLast: boolean;
  /** The translated reason Next is disabled, or null when the step may be saved. */
  problem: string | null;
  /** The label of the skip control on a channel step, or null. */
  skipLabel: string | null;
  skipHint: string | null;
  /** What is being saved now, or null. */
  pending: WizardAction | null;
  onPrevious: () => void;
  onNext: () => void;
  onSkip: () => void;
  onSaveExit: () => void;
};

/** Previous, Next (Complete Setup on the last step), the channel skip and Save & Exit. */
export function WizardControls(props: WizardControlsProps) {
  const { isFirst, isLast, problem, skipLabel, skipHint, pending, onPrevious, onNext, onSkip, onSaveExit } =
    props;
  const { t } = useTranslation('onboarding');
  const problemId = useId();
  const skipHintId = useId();
  const isBusy = pending !== null;

  return (
    <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        {isFirst ? null : (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
            onClick={onPrevious}
            disabled={isBusy}
          >
            {t('actions.previous')}
          </Button>
        )}
        <Button
          variant="subtle"
          leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
          onClick={onSaveExit}
          loading={pending === 'exit'}
          disabled={isBusy && pending !== 'exit'}
        >
          {t('actions.saveExit')}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap" justify="flex-end" style={{ flex: '1 1 auto' }}>
        {skipLabel ? (
          <Button
            variant="light"
            onClick={onSkip}
            loading={pending === 'skip'}
            disabled={isBusy && pending !== 'skip'}
            aria-describedby={skipHint ? skipHintId : undefined}
          >
            {skipLabel}
          </Button>
        ) : null}
        <Button
          onClick={onNext}
          loading={pending === 'next'}
          disabled={problem !== null || (isBusy && pending !== 'next')}
          rightSection={isLast ? undefined : <IconArrowRight size={16} aria-hidden="true" />}
          aria-describedby={problem ? problemId : undefined}
        >
          {t(isLast ? 'actions.complete' : 'actions.next')}
        </Button>
      </Group>
      {skipLabel && skipHint ? (
        <Text id={skipHintId} size="sm" c="dimmed" w="100%" ta="right">
          {skipHint}
        </Text>
      ) : null}
      <Text id={problemId} size="sm" c="dimmed" w="100%" ta="right" aria-live="polite">
        {problem ?? ''}
      </Text>
    </Group>
  );
}
