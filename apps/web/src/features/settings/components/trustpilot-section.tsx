import type { ClinicSettings } from '@careloop/contracts/settings';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { SettingsSection } from '../../../components/settings-section';
import { showError, showSuccess } from '../../../lib/notifications';
import { useSaveTrustpilot } from '../api/save-trustpilot';
import { fieldErrorsOf, type TrustpilotFormValues, validateTrustpilot } from '../settings.utils';
import { showsError, translatedErrors } from '../settings-form';
import { ConnectionBadge } from './connection-badge';

const empty: TrustpilotFormValues = { apiKey: '', businessUnitId: '' };

/** Trustpilot API key and business unit ID, saved as secrets (both replaced together). */
export function TrustpilotSection({ settings }: { settings: ClinicSettings }) {
  const { t } = useTranslation('settings');
  const saveTrustpilot = useSaveTrustpilot();
  const form = useForm({
    initialValues: empty,
    validateInputOnChange: true,
    validate: (values) => translatedErrors(t, validateTrustpilot(values)),
  });
  const isConfigured = settings.trustpilot.configured;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.validate().hasErrors) return;
    saveTrustpilot.mutate(
      { apiKey: form.values.apiKey.trim(), businessUnitId: form.values.businessUnitId.trim() },
      {
        onSuccess: () => {
          form.setInitialValues(empty);
          form.reset();
          showSuccess({ title: t('trustpilot.toasts.saved') });
        },
        onError: (error) => {
          form.setErrors(translatedErrors(t, fieldErrorsOf(error)));
          showError({ title: t('trustpilot.toasts.errorTitle'), message: t('trustpilot.toasts.saveError') });
        },
      },
    );
  };

  return (
    <SettingsSection
      title={t('trustpilot.title')}
      description={t(isConfigured ? 'trustpilot.descriptionConfigured' : 'trustpilot.description')}
      status={<ConnectionBadge connection={settings.trustpilot.connection} />}
    >
      <form onSubmit={handleSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PasswordField
            label={t('trustpilot.apiKey')}
            required
            value={form.values.apiKey}
            onChange={(event) => form.setFieldValue('apiKey', event.currentTarget.value)}
            error={form.errors.apiKey}
            placeholder={isConfigured ? t('secrets.savedReplace') : undefined}
            autoComplete="off"
            maxLength={500}
          />
          <TextInput
            label={t('trustpilot.businessUnitId')}
            required
            value={form.values.businessUnitId}
            onChange={(event) => form.setFieldValue('businessUnitId', event.currentTarget.value)}
            error={form.errors.businessUnitId}
            placeholder={isConfigured ? t('secrets.savedReplace') : undefined}
            autoComplete="off"
            maxLength={200}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={saveTrustpilot.isPending} disabled={showsError(form.errors)}>
            {t('trustpilot.save')}
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
