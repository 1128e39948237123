import type { ClinicSettings } from '@careloop/contracts/settings';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { SandboxValuesButton } from '../../../components/sandbox-values-button';
import { SettingsSection } from '../../../components/settings-section';
import { showError, showSuccess } from '../../../lib/notifications';
import { useSaveWhatsApp } from '../api/save-whatsapp';
import { useTestWhatsAppConnection } from '../api/test-whatsapp-connection';
import {
  canTestWhatsApp,
  fieldErrorsOf,
  toTestWhatsAppBody,
  toWhatsAppBody,
  validateWhatsApp,
  type WhatsAppFormValues,
} from '../settings.utils';
import { showsError, translatedErrors } from '../settings-form';
import { ConnectionBadge } from './connection-badge';
import { useConnectionTestReport } from './connection-test';

function initialValues(settings: ClinicSettings): WhatsAppFormValues {
  return {
    accessToken: '',
    phoneNumberId: settings.whatsapp.phoneNumberId ?? '',
    appSecret: '',
    templateName: settings.whatsapp.templateName,
    templateLanguage: settings.whatsapp.templateLanguage ?? '',
  };
}

/** WhatsApp Business credentials; saved secrets are never shown, a blank field keeps them. */
export function WhatsAppSection({ settings }: { settings: ClinicSettings }) {
  const { t } = useTranslation('settings');
  const connectionTest = useConnectionTestReport('whatsapp.testFallback');
  const saveWhatsApp = useSaveWhatsApp();
  const testConnection = useTestWhatsAppConnection();
  const saved = settings.whatsapp;
  const form = useForm({
    initialValues: initialValues(settings),
    validateInputOnChange: true,
    validate: (values) => translatedErrors(t, validateWhatsApp(values, saved)),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.validate().hasErrors) return;
    saveWhatsApp.mutate(toWhatsAppBody(form.values), {
      onSuccess: (next) => {
        form.setInitialValues(initialValues(next));
        form.reset();
        showSuccess({ title: t('whatsapp.toasts.saved') });
      },
      onError: (error) => {
        form.setErrors(translatedErrors(t, fieldErrorsOf(error)));
        showError({ title: t('whatsapp.toasts.saveError') });
      },
    });
  };

  const handleTest = () =>
    testConnection.mutate(toTestWhatsAppBody(form.values), {
      onSuccess: (result) => connectionTest.reportResult(result),
      onError: (error) => connectionTest.reportError(error),
    });

  return (
    <SettingsSection
      title={t('whatsapp.title')}
      description={t('whatsapp.description')}
      status={<ConnectionBadge connection={saved.connection} />}
    >
      <form onSubmit={handleSubmit} noValidate>
        <SandboxValuesButton
          channel="whatsapp"
          onFill={(values) => form.setValues(values)}
          disabled={saveWhatsApp.isPending}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PasswordField
            label={t('whatsapp.accessToken')}
            description={t('whatsapp.accessTokenHint')}
            required={!saved.hasAccessToken}
            value={form.values.accessToken}
            onChange={(event) => form.setFieldValue('accessToken', event.currentTarget.value)}
            error={form.errors.accessToken}
            placeholder={saved.hasAccessToken ? t('secrets.savedKeep') : undefined}
            autoComplete="off"
            maxLength={4096}
          />
          <TextInput
            label={t('whatsapp.phoneNumberId')}
            description={t('whatsapp.phoneNumberIdHint')}
            required
            value={form.values.phoneNumberId}
            onChange={(event) => form.setFieldValue('phoneNumberId', event.currentTarget.value)}
            error={form.errors.phoneNumberId}
            autoComplete="off"
            maxLength={100}
          />
          <PasswordField
            label={t('whatsapp.appSecret')}
            description={t('whatsapp.appSecretHint')}
            value={form.values.appSecret}
            onChange={(event) => form.setFieldValue('appSecret', event.currentTarget.value)}
            error={form.errors.appSecret}
            placeholder={saved.hasAppSecret ? t('secrets.savedKeep') : undefined}
            autoComplete="off"
            maxLength={500}
          />
          <TextInput
            label={t('whatsapp.templateName')}
            description={t('whatsapp.templateNameHint')}
            required
            value={form.values.templateName}
            onChange={(event) => form.setFieldValue('templateName', event.currentTarget.value)}
            error={form.errors.templateName}
            autoComplete="off"
            maxLength={512}
          />
          <TextInput
            label={t('whatsapp.templateLanguage')}
            description={t('whatsapp.templateLanguageHint')}
            value={form.values.templateLanguage}
            onChange={(event) => form.setFieldValue('templateLanguage', event.currentTarget.value)}
            error={form.errors.templateLanguage}
            autoComplete="off"
            maxLength={10}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md" gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlugConnected size={18} aria-hidden="true" />}
            onClick={handleTest}
            loading={testConnection.isPending}
            disabled={!canTestWhatsApp(form.values, saved)}
          >
            {t('connection.test')}
          </Button>
          <Button type="submit" loading={saveWhatsApp.isPending} disabled={showsError(form.errors)}>
            {t('whatsapp.save')}
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
