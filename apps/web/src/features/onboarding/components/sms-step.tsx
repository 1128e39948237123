import type { SmsStepInput } from '@careloop/domain/onboarding';
import { Alert, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { translateOnboardingMessage } from '../onboarding-messages.utils';
import { smsFieldErrors } from '../onboarding-steps.utils';

type SmsStepProps = {
  value: SmsStepInput;
  onChange: (next: SmsStepInput) => void;
  /** A SID, token and from number are already saved. */
  isSaved: boolean;
  /** WhatsApp is saved; without it SMS is the clinic's only channel and cannot be skipped. */
  isWhatsAppSaved: boolean;
  disabled?: boolean;
};

/** Step 3: Twilio account SID, auth token and the from number. */
export function SmsStep({ value, onChange, isSaved, isWhatsAppSaved, disabled }: SmsStepProps) {
  const { t } = useTranslation('onboarding');
  const errors = smsFieldErrors(value);
  const errorText = (field: keyof typeof errors) => {
    const error = errors[field];
    return error ? translateOnboardingMessage(t, error) : undefined;
  };
  // Required (*) only when SMS is the clinic's one channel; with WhatsApp saved it may be skipped.
  const isRequired = !isSaved && !isWhatsAppSaved;

  return (
    <Stack gap="md">
      {isSaved ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
          {t('sms.saved')}
        </Alert>
      ) : !isWhatsAppSaved ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          {t('sms.needed')}
        </Alert>
      ) : null}
      <TextInput
        label={t('sms.accountSid')}
        description={t('sms.accountSidHint')}
        value={value.accountSid}
        onChange={(event) => onChange({ ...value, accountSid: event.currentTarget.value })}
        error={errorText('accountSid')}
        autoComplete="off"
        spellCheck={false}
        withAsterisk={isRequired}
        disabled={disabled}
      />
      <PasswordField
        label={t('sms.authToken')}
        value={value.authToken}
        onChange={(event) => onChange({ ...value, authToken: event.currentTarget.value })}
        error={errorText('authToken')}
        autoComplete="off"
        withAsterisk={isRequired}
        disabled={disabled}
      />
      <TextInput
        label={t('sms.fromNumber')}
        description={t('sms.fromNumberHint')}
        type="tel"
        value={value.fromNumber}
        onChange={(event) => onChange({ ...value, fromNumber: event.currentTarget.value })}
        error={errorText('fromNumber')}
        autoComplete="off"
        withAsterisk={isRequired}
        disabled={disabled}
      />
    </Stack>
  );
}
