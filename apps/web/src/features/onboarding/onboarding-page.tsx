import { Alert, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/query-state';
import { SandboxModeCard } from '../../components/sandbox-mode-card';
import { showError } from '../../lib/notifications';
import { useOnboarding } from './api/get-onboarding';
import { OnboardingWizard } from './components/onboarding-wizard';

/** /onboarding: the setup wizard for the clinic's owner or admins. */
export function OnboardingPage() {
  const { t } = useTranslation(['onboarding', 'common']);
  const onboarding = useOnboarding();

  useEffect(() => {
    if (onboarding.errorUpdatedAt > 0) showError({ title: t('toasts.loadFailed') });
  }, [onboarding.errorUpdatedAt, t]);

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>
      <QueryState
        query={onboarding}
        errorTitle={t('toasts.loadFailed')}
        forbidden={
          <Alert color="orange" title={t('toasts.loadFailed')}>
            <Text size="sm">{t('errors.forbidden')}</Text>
          </Alert>
        }
      >
        {(state) => (
          <>
            <SandboxModeCard />
            <OnboardingWizard state={state} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
