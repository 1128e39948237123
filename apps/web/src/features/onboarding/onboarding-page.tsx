import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { SandboxModeCard } from '../../components/sandbox-mode-card';
import { ApiError } from '../../lib/api-client';
import { showError } from '../../lib/notifications';
import { useOnboarding } from './api/get-onboarding';
import { OnboardingWizard } from './components/onboarding-wizard';

/** /onboarding: the setup wizard for the clinic's owner or admins. */
export function OnboardingPage() {
  const { t } = useTranslation(['onboarding', 'common']);
  const onboarding = useOnboarding();
  const isForbidden = onboarding.error instanceof ApiError && onboarding.error.status === 403;

  useEffect(() => {
    if (onboarding.errorUpdatedAt > 0) showError({ title: t('toasts.loadFailed') });
  }, [onboarding.errorUpdatedAt, t]);

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>
      {onboarding.data ? (
        <>
          <SandboxModeCard />
          <OnboardingWizard state={onboarding.data} />
        </>
      ) : onboarding.isError ? (
        <Alert color={isForbidden ? 'orange' : 'red'} title={t('toasts.loadFailed')}>
          {isForbidden ? (
            <Text size="sm">{t('errors.forbidden')}</Text>
          ) : (
            <Button variant="light" color="red" onClick={() => void onboarding.refetch()}>
              {t('common:actions.tryAgain')}
            </Button>
          )}
        </Alert>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
