import type { ClinicSettings } from '@careloop/contracts/settings';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { SandboxValuesButton } from '../../../components/sandbox-values-button';
import { useSaveWhatsApp } from '../api/save-whatsapp';
import { useTestWhatsAppConnection } from '../api/test-whatsapp-connection';
import {
  canTestWhatsApp,
  toTestWhatsAppBody,
  toWhatsAppBody,
  validateWhatsApp,
  type WhatsAppFormValues,
} from '../settings.utils';
import { translatedErrors } from '../settings-form';
import { ChannelCredentialsSection } from './channel-credentials-section';

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
  const saveWhatsApp = useSaveWhatsApp();
  const testConnection = useTestWhatsAppConnection();
  const saved = settings.whatsapp;
  const form = useForm({
    initialValues: initialValues(settings),
    validateInputOnChange: true,
    validate: (values) => translatedErrors(t, validateWhatsApp(values, saved)),
  });

  return (
    <ChannelCredentialsSection
      channel="whatsapp"
      settings={settings}
      form={form}
      initialValuesOf={initialValues}
      save={saveWhatsApp}
      toSaveBody={toWhatsAppBody}
      testConnection={testConnection}
      toTestBody={toTestWhatsAppBody}
      canTest={canTestWhatsApp(form.values, saved)}
      sandboxValues={
        <SandboxValuesButton
          channel="whatsapp"
          onFill={(values) => form.setValues(values)}
          disabled={saveWhatsApp.isPending}
        />
      }
    >
      <PasswordField
        label={t('whatsapp.accessToken')}
        description={t('whatsapp.accessTokenHint')}
        required={!saved.hasAccessToken}
        {...form.getInputProps('accessToken')}
        placeholder={saved.hasAccessToken ? t('secrets.savedKeep') : undefined}
        autoComplete="off"
        maxLength={4096}
      />
      <TextInput
        label={t('whatsapp.phoneNumberId')}
        description={t('whatsapp.phoneNumberIdHint')}
        required
        {...form.getInputProps('phoneNumberId')}
        autoComplete="off"
        maxLength={100}
      />
      <PasswordField
        label={t('whatsapp.appSecret')}
        description={t('whatsapp.appSecretHint')}
        {...form.getInputProps('appSecret')}
        placeholder={saved.hasAppSecret ? t('secrets.savedKeep') : undefined}
        autoComplete="off"
        maxLength={500}
      />
      <TextInput
        label={t('whatsapp.templateName')}
        description={t('whatsapp.templateNameHint')}
        required
        {...form.getInputProps('templateName')}
        autoComplete="off"
        maxLength={512}
      />
      <TextInput
        label={t('whatsapp.templateLanguage')}
        description={t('whatsapp.templateLanguageHint')}
        {...form.getInputProps('templateLanguage')}
        autoComplete="off"
        maxLength={10}
      />
    </ChannelCredentialsSection>
  );
}
