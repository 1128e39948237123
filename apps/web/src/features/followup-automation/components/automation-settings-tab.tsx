import type { AutomationSettings } from '@careloop/contracts/automation';
import { messageChannels } from '@careloop/domain/cost-calculator';
import {
  crossSellDelayDays,
  followUpScheduleDays,
  smsProviders,
} from '@careloop/domain/messaging/automation-config';
import {
  Button,
  Card,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { translateRuntimeKey } from '../../../i18n/runtime-key';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { showError, showSuccess } from '../../../lib/notifications';
import { useAutomationSettings } from '../api/get-automation-settings';
import { useSaveAutomationSettings } from '../api/save-automation-settings';
import {
  type FieldErrors,
  type SettingsFormValues,
  serverFieldErrors,
  settingsFormValues,
  toSettingsBody,
  translationKeyOf,
  validateSettings,
} from '../followup-automation.utils';

/** Automation Settings (spec 2 §2, §3): loads the clinic's configuration, then the form. */
export function AutomationSettingsTab() {
  const { t } = useTranslation('followup');
  const settings = useAutomationSettings();
  return (
    <QueryState query={settings} errorTitle={t('settings.toasts.loadFailed')} errorDetail={apiErrorMessage}>
      {(data) => <SettingsForm settings={data} />}
    </QueryState>
  );
}

function SettingsForm({ settings }: { settings: AutomationSettings }) {
  const { t } = useTranslation('followup');
  const save = useSaveAutomationSettings();
  const [values, setValues] = useState(() => settingsFormValues(settings));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const errors = validateSettings(values);
  const shown: FieldErrors = { ...(submitted ? errors : {}), ...serverErrors };
  const errorOf = (field: string) => {
    // The server names nested fields 'quietHours.sendFrom'; the form names them 'sendFrom'.
    const message = shown[field] ?? shown[`quietHours.${field}`];
    if (!message) return null;
    const key = translationKeyOf(message);
    return key ? translateRuntimeKey(t, key) : message;
  };
  const set = <K extends keyof SettingsFormValues>(field: K, value: SettingsFormValues[K]) => {
    setValues((before) => ({ ...before, [field]: value }));
    setServerErrors({});
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate(toSettingsBody(values), {
      onSuccess: (answer) => {
        setValues(settingsFormValues(answer.settings));
        setSubmitted(false);
        showSuccess({ title: t('settings.toasts.saved') });
      },
      onError: (error) => {
        setServerErrors(serverFieldErrors(error));
        showError({ title: t('settings.toasts.saveFailed'), message: apiErrorMessage(error) });
      },
    });
  };

  return (
    <Card withBorder padding="lg" radius="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Fieldset legend={t('settings.scheduleTitle')} variant="unstyled">
            <Text size="sm" c="dimmed" mb="xs">
              {t('settings.scheduleDescription')}
            </Text>
            <Group gap="lg">
              {followUpScheduleDays.map((day) => (
                <Switch
                  key={day}
                  label={t('settings.day', { count: day })}
                  checked={values.followupSchedule[`${day}`]}
                  onChange={(event) =>
                    set('followupSchedule', {
                      ...values.followupSchedule,
                      [`${day}`]: event.currentTarget.checked,
                    })
                  }
                />
              ))}
            </Group>
          </Fieldset>

          <Fieldset legend={t('settings.crossSellTitle')} variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Switch
                label={t('settings.crosssellEnabled')}
                description={t('settings.crosssellEnabledHint')}
                checked={values.crosssellEnabled}
                onChange={(event) => set('crosssellEnabled', event.currentTarget.checked)}
              />
              <NumberInput
                label={t('settings.crosssellDelayDays')}
                description={t('settings.crosssellDelayDaysHint')}
                min={crossSellDelayDays.min}
                max={crossSellDelayDays.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                value={values.crosssellDelayDays}
                onChange={(value) => set('crosssellDelayDays', value)}
                error={errorOf('crosssellDelayDays')}
                disabled={!values.crosssellEnabled}
              />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend={t('settings.channelsTitle')} variant="unstyled">
            <Stack gap="sm">
              <Select
                label={t('settings.defaultChannel')}
                data={messageChannels.map((value) => ({ value, label: t(`channels.${value}`) }))}
                value={values.defaultChannel}
                onChange={(value) => {
                  const next = messageChannels.find((candidate) => candidate === value);
                  if (next) set('defaultChannel', next);
                }}
                allowDeselect={false}
                error={errorOf('defaultChannel')}
                maw={{ sm: 320 }}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Stack gap="sm">
                  <Switch
                    label={t('settings.whatsappEnabled')}
                    checked={values.whatsappEnabled}
                    onChange={(event) => set('whatsappEnabled', event.currentTarget.checked)}
                  />
                  <TextInput
                    label={t('settings.whatsappSecretName')}
                    value={values.whatsappSecretName}
                    onChange={(event) => set('whatsappSecretName', event.currentTarget.value)}
                    error={errorOf('whatsappSecretName')}
                    maxLength={200}
                    spellCheck={false}
                  />
                  <TextInput
                    label={t('settings.whatsappPhoneNumberId')}
                    value={values.whatsappPhoneNumberId}
                    onChange={(event) => set('whatsappPhoneNumberId', event.currentTarget.value)}
                    error={errorOf('whatsappPhoneNumberId')}
                    maxLength={200}
                  />
                </Stack>
                <Stack gap="sm">
                  <Switch
                    label={t('settings.smsEnabled')}
                    checked={values.smsEnabled}
                    onChange={(event) => set('smsEnabled', event.currentTarget.checked)}
                  />
                  <TextInput
                    label={t('settings.smsSecretName')}
                    value={values.smsSecretName}
                    onChange={(event) => set('smsSecretName', event.currentTarget.value)}
                    error={errorOf('smsSecretName')}
                    maxLength={200}
                    spellCheck={false}
                  />
                  <Select
                    label={t('settings.smsProvider')}
                    data={smsProviders.map((value) => ({
                      value,
                      label: t(`settings.smsProviders.${value}`),
                    }))}
                    value={values.smsProvider}
                    onChange={(value) => {
                      const next = smsProviders.find((candidate) => candidate === value);
                      if (next) set('smsProvider', next);
                    }}
                    allowDeselect={false}
                    error={errorOf('smsProvider')}
                  />
                  <TextInput
                    type="tel"
                    label={t('settings.smsFromNumber')}
                    value={values.smsFromNumber}
                    onChange={(event) => set('smsFromNumber', event.currentTarget.value)}
                    error={errorOf('smsFromNumber')}
                    maxLength={200}
                  />
                </Stack>
              </SimpleGrid>
            </Stack>
          </Fieldset>

          <Fieldset legend={t('settings.quietHoursTitle')} variant="unstyled">
            <Text size="sm" c="dimmed" mb="xs">
              {t('settings.quietHoursDescription', { timeZone: settings.timeZone })}
            </Text>
            <SimpleGrid cols={{ base: 2 }} spacing="sm" maw={{ sm: 420 }}>
              <TextInput
                type="time"
                label={t('settings.sendFrom')}
                value={values.sendFrom}
                onChange={(event) => set('sendFrom', event.currentTarget.value)}
                error={errorOf('sendFrom')}
              />
              <TextInput
                type="time"
                label={t('settings.sendUntil')}
                value={values.sendUntil}
                onChange={(event) => set('sendUntil', event.currentTarget.value)}
                error={errorOf('sendUntil')}
              />
            </SimpleGrid>
          </Fieldset>

          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
