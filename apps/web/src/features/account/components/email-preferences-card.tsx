import { Alert, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/notifications';
import { useAccountPreferences } from '../api/get-account-preferences';
import { useUpdateAccountPreferences } from '../api/update-account-preferences';

/** The signed-in user's e-mail preferences: the Daily Digest (owners and admins). */
export function EmailPreferencesCard() {
  const { t } = useTranslation('account');
  const preferences = useAccountPreferences();
  const update = useUpdateAccountPreferences();

  if (preferences.isPending) return <Loader size="sm" aria-label={t('preferences.loading')} />;
  if (preferences.isError) {
    return (
      <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
        {t('preferences.loadFailed')}
      </Alert>
    );
  }
  const { dailyDigest, receivesDigest } = preferences.data;

  const toggleDigest = (on: boolean) =>
    update.mutate(
      { dailyDigest: on },
      {
        onSuccess: () =>
          showSuccess({ title: t(on ? 'preferences.digestOnToast' : 'preferences.digestOffToast') }),
      },
    );

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="email-preferences-heading">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconMail
            size={28}
            aria-hidden="true"
            color="var(--mantine-color-brand-6)"
            style={{ flexShrink: 0 }}
          />
          <div>
            <Title order={2} fz="h4" id="email-preferences-heading">
              {t('preferences.title')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('preferences.description')}
            </Text>
          </div>
        </Group>
        {receivesDigest ? (
          <Switch
            checked={dailyDigest}
            disabled={update.isPending}
            onChange={(event) => toggleDigest(event.currentTarget.checked)}
            label={t('preferences.digestLabel')}
            description={t('preferences.digestDescription')}
          />
        ) : (
          <Text fz="sm">{t('preferences.digestNotForRole')}</Text>
        )}
        {update.isError ? (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {t('preferences.saveFailed')}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
