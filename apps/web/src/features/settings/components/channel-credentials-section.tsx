import type { ClinicSettings, ConnectionTestResponse } from '@careloop/contracts/settings';
import { Button, Group, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlugConnected } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/settings-section';
import { showError, showSuccess } from '../../../lib/notifications';
import { fieldErrorsOf } from '../settings.utils';
import { showsError, translatedErrors } from '../settings-form';
import { ConnectionBadge } from './connection-badge';
import { useConnectionTestReport } from './connection-test';

type ChannelCredentialsSectionProps<Values, SaveBody, TestBody> = {
  /** Also the prefix of the section's texts (title, description, save, toasts, test fallback). */
  channel: 'sms' | 'whatsapp';
  settings: ClinicSettings;
  form: UseFormReturnType<Values>;
  /** The form's values once saved settings come back. */
  initialValuesOf: (settings: ClinicSettings) => Values;
  save: UseMutationResult<ClinicSettings, Error, SaveBody>;
  toSaveBody: (values: Values) => SaveBody;
  testConnection: UseMutationResult<ConnectionTestResponse, Error, TestBody>;
  toTestBody: (values: Values) => TestBody;
  canTest: boolean;
  /** The sandbox fill button, above the fields. */
  sandboxValues: ReactNode;
  /** The credential fields, laid out two to a row. */
  children: ReactNode;
};

/** A messaging channel's credentials form: connection badge, fields, Test connection and Save. */
export function ChannelCredentialsSection<Values, SaveBody, TestBody>({
  channel,
  settings,
  form,
  initialValuesOf,
  save,
  toSaveBody,
  testConnection,
  toTestBody,
  canTest,
  sandboxValues,
  children,
}: ChannelCredentialsSectionProps<Values, SaveBody, TestBody>) {
  const { t } = useTranslation('settings');
  const connectionTest = useConnectionTestReport(`${channel}.testFallback`);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.validate().hasErrors) return;
    save.mutate(toSaveBody(form.values), {
      onSuccess: (next) => {
        form.setInitialValues(initialValuesOf(next));
        form.reset();
        showSuccess({ title: t(`${channel}.toasts.saved`) });
      },
      onError: (error) => {
        form.setErrors(translatedErrors(t, fieldErrorsOf(error)));
        showError({ title: t(`${channel}.toasts.saveError`) });
      },
    });
  };

  const handleTest = () =>
    testConnection.mutate(toTestBody(form.values), {
      onSuccess: (result) => connectionTest.reportResult(result),
      onError: (error) => connectionTest.reportError(error),
    });

  return (
    <SettingsSection
      title={t(`${channel}.title`)}
      description={t(`${channel}.description`)}
      status={<ConnectionBadge connection={settings[channel].connection} />}
    >
      <form onSubmit={handleSubmit} noValidate>
        {sandboxValues}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {children}
        </SimpleGrid>
        <Group justify="flex-end" mt="md" gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlugConnected size={18} aria-hidden="true" />}
            onClick={handleTest}
            loading={testConnection.isPending}
            disabled={!canTest}
          >
            {t('connection.test')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={showsError(form.errors)}>
            {t(`${channel}.save`)}
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
