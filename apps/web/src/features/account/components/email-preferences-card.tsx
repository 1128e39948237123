import type { AccountPreferences } from '@careloop/contracts/account';
import { Alert, Card, Group, Loader, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMail } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../i18n';
import { currentUserKeys } from '../../../lib/current-user';
import { showSuccess } from '../../../lib/notifications';
import { useAccountPreferences } from '../api/get-account-preferences';
import { useUpdateAccountPreferences } from '../api/update-account-preferences';

const languageOptions = ['en', 'es', 'tr'] as const satisfies readonly AccountPreferences['language'][];
/** Each language in its own name, as a language menu shows them. */
const languageNames = { en: 'English', es: 'Español', tr: 'Türkçe' } as const;

/** The signed-in user's preferences: their language (the app's and their e-mails'), the Daily Digest (owners and admins). */
export function EmailPreferencesCard() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
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
  const { dailyDigest, receivesDigest, language } = preferences.data;

  const toggleDigest = (on: boolean) =>
    update.mutate(
      { dailyDigest: on },
      {
        onSuccess: () =>
          showSuccess({ title: t(on ? 'preferences.digestOnToast' : 'preferences.digestOffToast') }),
      },
    );

  // The account's language is the app's too: the page switches to it once it is saved.
  const handleLanguageChange = (value: string | null) => {
    const chosen = languageOptions.find((option) => option === value);
    if (!chosen || chosen === language) return;
    update.mutate(
      { language: chosen },
      {
        onSuccess: async () => {
          await changeLanguage(chosen);
          void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
          // Said in the language just chosen: this render's t still speaks the one before.
          showSuccess({ title: t('preferences.languageToast', { lng: chosen }) });
        },
      },
    );
  };

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
        <Select
          label={t('preferences.languageLabel')}
          description={t('preferences.languageDescription')}
          data={languageOptions.map((option) => ({ value: option, label: languageNames[option] }))}
          value={language}
          onChange={handleLanguageChange}
          disabled={update.isPending}
          allowDeselect={false}
          maw={320}
        />
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
