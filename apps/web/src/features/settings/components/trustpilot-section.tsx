import type { ClinicSettings } from '@careloop/contracts/settings';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { SettingsSection } from '../../../components/settings-section';
import { showError, showSuccess } from '../../../lib/notifications';
import { useSaveTrustpilot } from '../api/save-trustpilot';
import { useSettingsForm } from '../hooks/use-settings-form';
import { type TrustpilotFormValues, validateTrustpilot } from '../settings.utils';
import { ConnectionBadge } from './connection-badge';

const empty: TrustpilotFormValues = { apiKey: '', businessUnitId: '' };

/** Trustpilot API key and business unit ID, saved as secrets (both replaced together). */
export function TrustpilotSection({ settings }: { settings: ClinicSettings }) {
  const { t } = useTranslation('settings');
  const saveTrustpilot = useSaveTrustpilot();
  const form = useSettingsForm(empty, validateTrustpilot);
  const isConfigured = settings.trustpilot.configured;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.submit()) return;
    saveTrustpilot.mutate(
      { apiKey: form.values.apiKey.trim(), businessUnitId: form.values.businessUnitId.trim() },
      {
        onSuccess: () => {
          form.reset(empty);
          showSuccess({ title: t('trustpilot.toasts.saved') });
        },
        onError: (error) => {
          form.failWith(error);
          showError({ title: t('trustpilot.toasts.errorTitle'), message: t('trustpilot.toasts.saveError') });
        },
      },
    );
  };

  return (
    <SettingsSection
      title={t('trustpilot.title')}
      description={t(isConfigured ? 'trustpilot.descriptionConfigured' : 'trustpilot.description')}
      status={<ConnectionBadge isConfigured={isConfigured} />}
    >
      <form onSubmit={handleSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PasswordField
            label={t('trustpilot.apiKey')}
            required
            value={form.values.apiKey}
            onChange={(event) => form.set('apiKey', event.currentTarget.value)}
            error={form.errorOf('apiKey')}
            placeholder={isConfigured ? t('secrets.savedReplace') : undefined}
            autoComplete="off"
            maxLength={500}
          />
          <TextInput
            label={t('trustpilot.businessUnitId')}
            required
            value={form.values.businessUnitId}
            onChange={(event) => form.set('businessUnitId', event.currentTarget.value)}
            error={form.errorOf('businessUnitId')}
            placeholder={isConfigured ? t('secrets.savedReplace') : undefined}
            autoComplete="off"
            maxLength={200}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={saveTrustpilot.isPending} disabled={form.showsError}>
            {t('trustpilot.save')}
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
