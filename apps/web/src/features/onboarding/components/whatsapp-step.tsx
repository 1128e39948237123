import type { WhatsAppStepInput } from '@careloop/domain/onboarding';
import { Alert, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { translateOnboardingMessage } from '../onboarding-messages.utils';
import { whatsappFieldErrors } from '../onboarding-steps.utils';

type WhatsAppStepProps = {
  value: WhatsAppStepInput;
  onChange: (next: WhatsAppStepInput) => void;
  /** A token and phone number ID are already saved. */
  isSaved: boolean;
  disabled?: boolean;
};

/** Step 2: the WhatsApp Business access token and phone number ID, checked as the user types. */
export function WhatsAppStep({ value, onChange, isSaved, disabled }: WhatsAppStepProps) {
  const { t } = useTranslation('onboarding');
  const errors = whatsappFieldErrors(value);
  // No asterisk: the clinic may go SMS only ("Skip: I'll use SMS only").
  return (
    <Stack gap="md">
      {isSaved ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
          {t('whatsapp.saved')}
        </Alert>
      ) : null}
      <PasswordField
        label={t('whatsapp.accessToken')}
        description={t('whatsapp.accessTokenHint')}
        value={value.accessToken}
        onChange={(event) => onChange({ ...value, accessToken: event.currentTarget.value })}
        error={errors.accessToken ? translateOnboardingMessage(t, errors.accessToken) : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
      />
      <TextInput
        label={t('whatsapp.phoneNumberId')}
        description={t('whatsapp.phoneNumberIdHint')}
        value={value.phoneNumberId}
        onChange={(event) => onChange({ ...value, phoneNumberId: event.currentTarget.value })}
        inputMode="numeric"
        autoComplete="off"
        disabled={disabled}
      />
    </Stack>
  );
}
