import { isSetupDone, onboardingProgressPercent } from '@careloop/domain/onboarding';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/routes';
import { useOnboardingProgress } from '../api/get-onboarding-progress';

/**
 * Leads an owner or admin of a clinic whose setup is not done (`isSetupDone`) to /onboarding. Its texts live
 * in the onboarding namespace, loaded without suspending the dashboard.
 */
export function OnboardingBanner({ canManage }: { canManage: boolean }) {
  const { t, ready } = useTranslation('onboarding', { useSuspense: false });
  const progress = useOnboardingProgress(canManage);
  if (!canManage || !ready || !progress.data || isSetupDone(progress.data)) return null;
  const started = progress.data.stepCompleted > 0;
  const percent = onboardingProgressPercent(progress.data.stepCompleted);
  return (
    <Alert
      color="brand"
      variant="light"
      icon={<IconRocket aria-hidden="true" />}
      title={t(started ? 'banner.resumeTitle' : 'banner.title')}
    >
      <Stack gap="sm">
        <Text size="sm">{t('banner.text')}</Text>
        {started ? <Progress value={percent} aria-label={t('progress.label')} size="sm" maw={320} /> : null}
        <Group>
          <Button component={Link} to={paths.onboarding} size="sm">
            {t(started ? 'banner.resume' : 'banner.start')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
