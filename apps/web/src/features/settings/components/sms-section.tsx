import { type ClinicSettings, type SmsProvider, smsProviders } from '@careloop/contracts/settings';
import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { SandboxValuesButton } from '../../../components/sandbox-values-button';
import { useSaveSms } from '../api/save-sms';
import { useTestSmsConnection } from '../api/test-sms-connection';
import { canTestSms, type SmsFormValues, toSmsBody, toTestSmsBody, validateSms } from '../settings.utils';
import { translatedErrors } from '../settings-form';
import { ChannelCredentialsSection } from './channel-credentials-section';

function initialValues(settings: ClinicSettings): SmsFormValues {
  return {
    provider: settings.sms.provider,
    accountSid: '',
    authToken: '',
    fromNumber: settings.sms.fromNumber ?? '',
  };
}

/** SMS provider credentials (Twilio's checked with the spec's rules) and the sending number. */
export function SmsSection({ settings }: { settings: ClinicSettings }) {
  const { t } = useTranslation('settings');
  const saveSms = useSaveSms();
  const testConnection = useTestSmsConnection();
  const saved = settings.sms;
  const form = useForm({
    initialValues: initialValues(settings),
    validateInputOnChange: true,
    validate: (values) => translatedErrors(t, validateSms(values, saved)),
    // Which credential rules apply depends on the provider: its change re-checks what shows an error.
    onValuesChange: (values, previous) => {
      if (values.provider === previous.provider) return;
      for (const field of ['accountSid', 'authToken'] as const)
        if (form.isTouched(field) || form.errors[field] !== undefined) form.validateField(field);
    },
  });
  const { provider } = form.values;
  // Saved secrets belong to the saved provider; another provider starts without any.
  const keeps = (isSaved: boolean) => isSaved && provider === saved.provider;

  return (
    <ChannelCredentialsSection
      channel="sms"
      settings={settings}
      form={form}
      initialValuesOf={initialValues}
      save={saveSms}
      toSaveBody={toSmsBody}
      testConnection={testConnection}
      toTestBody={toTestSmsBody}
      canTest={canTestSms(form.values, saved)}
      sandboxValues={
        <SandboxValuesButton
          channel="sms"
          onFill={(values) => form.setValues(values)}
          disabled={saveSms.isPending}
        />
      }
    >
      <Select
        label={t('sms.provider')}
        data={smsProviders.map((value: SmsProvider) => ({ value, label: t(`sms.providers.${value}`) }))}
        value={provider}
        onChange={(value) => {
          const next = smsProviders.find((candidate) => candidate === value);
          if (next) form.setFieldValue('provider', next);
        }}
        allowDeselect={false}
      />
      <TextInput
        type="tel"
        label={t('sms.fromNumber')}
        description={t('sms.fromNumberHint')}
        required
        {...form.getInputProps('fromNumber')}
        autoComplete="off"
        maxLength={40}
      />
      <TextInput
        label={t(`sms.accountSid.${provider}`)}
        description={provider === 'twilio' ? t('sms.accountSidHint') : undefined}
        required={!keeps(saved.hasAccountSid)}
        {...form.getInputProps('accountSid')}
        placeholder={keeps(saved.hasAccountSid) ? t('secrets.savedKeep') : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
      />
      <PasswordField
        label={t(`sms.authToken.${provider}`)}
        required={!keeps(saved.hasAuthToken)}
        {...form.getInputProps('authToken')}
        placeholder={keeps(saved.hasAuthToken) ? t('secrets.savedKeep') : undefined}
        autoComplete="off"
        maxLength={500}
      />
    </ChannelCredentialsSection>
  );
}
