import { type SendTestMessageResponse, testMessageDays, testMessageTypes } from '@careloop/contracts/outbox';
import { messageChannels } from '@careloop/domain/cost-calculator';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../lib/notifications';
import { useAutomationSettings } from '../api/get-automation-settings';
import { usePatientOptions } from '../api/get-patient-options';
import { useSendTestMessage } from '../api/send-test-message';
import {
  checkTestMessage,
  deliveryStatusLabel,
  type FieldErrors,
  serverFieldErrors,
  type TestMessageFormValues,
  testMessageErrorText,
  testMessageFailureText,
  testMessageFormValues,
  withPatient,
} from '../followup-automation.utils';

type PatientOption = { id: string; name: string; phone: string | null; procedure: string | null };

const sourceKeys = {
  ai: 'test.sourceAi',
  template: 'test.sourceTemplate',
  whatsapp_template: 'test.sourceWhatsAppTemplate',
} as const;

const optionLabel = (patient: PatientOption) =>
  patient.phone ? `${patient.name} (${patient.phone})` : patient.name;

/** Test Messaging (spec 2 §2): sends one real AI message and shows what was generated. */
export function TestMessagingTab({ clinicId }: { clinicId: string }) {
  const { t } = useTranslation(['followup', 'patients']);
  const headingId = useId();
  const settings = useAutomationSettings();
  const [values, setValues] = useState<TestMessageFormValues>(() => testMessageFormValues(clinicId, 'sms'));
  const [channelTouched, setChannelTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  // The picked patient stays an option while the search shows others (or its own label).
  const [picked, setPicked] = useState<PatientOption | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  // Once a patient is picked the input shows their label: that is not a search.
  const isPickedLabel = picked !== null && debouncedSearch === optionLabel(picked);
  const patients = usePatientOptions(isPickedLabel ? '' : debouncedSearch);
  const send = useSendTestMessage();
  const [result, setResult] = useState<SendTestMessageResponse | null>(null);

  // Until the user picks one, the channel follows the clinic's default channel.
  const current: TestMessageFormValues =
    channelTouched || !settings.data ? values : { ...values, preferredChannel: settings.data.defaultChannel };
  const checked = checkTestMessage(current);
  const shown: FieldErrors = { ...(submitted && checked.errors ? checked.errors : {}), ...serverErrors };
  const errorOf = (field: keyof TestMessageFormValues) => {
    const message = shown[field];
    if (!message) return null;
    return testMessageErrorText(t, message) ?? message;
  };

  const set = <K extends keyof TestMessageFormValues>(field: K, value: TestMessageFormValues[K]) => {
    setValues((before) => ({ ...before, [field]: value }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const found = patients.data?.patients ?? [];
  const patientList = picked && !found.some((p) => p.id === picked.id) ? [picked, ...found] : found;
  const patientOptions = patientList.map((patient) => ({ value: patient.id, label: optionLabel(patient) }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.body) return;
    setResult(null);
    send.mutate(checked.body, {
      onSuccess: (answer) => {
        setResult(answer);
        showSuccess({
          title:
            answer.source === 'whatsapp_template'
              ? t('test.toasts.templateSent')
              : t('test.toasts.sent', { channel: t(`channels.${answer.channel}`) }),
        });
      },
      onError: (error) => {
        setServerErrors(serverFieldErrors(error));
        showError({ title: t('test.toasts.failed'), message: testMessageFailureText(t, error) });
      },
    });
  };

  return (
    <Card component="section" aria-labelledby={headingId} withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={headingId}>
            {t('test.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('test.description')}
          </Text>
        </Stack>
        <form onSubmit={handleSubmit} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('test.patient')}
              placeholder={t('test.patientPlaceholder')}
              required
              searchable
              clearable
              data={patientOptions}
              value={current.patientId || null}
              onChange={(id) => {
                const patient = patientList.find((candidate) => candidate.id === id) ?? null;
                setPicked(patient);
                setValues((before) => withPatient(before, patient));
                setServerErrors({});
              }}
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options }) => options}
              nothingFoundMessage={t('test.noPatients')}
              error={errorOf('patientId')}
            />
            <TextInput
              label={t('test.clinicId')}
              required
              readOnly
              value={current.clinicId}
              error={errorOf('clinicId')}
            />
            <TextInput
              label={t('test.treatmentType')}
              placeholder={t('test.treatmentTypePlaceholder')}
              required
              value={current.treatmentType}
              onChange={(event) => set('treatmentType', event.currentTarget.value)}
              error={errorOf('treatmentType')}
              maxLength={200}
            />
            <TextInput
              type="tel"
              label={t('test.patientPhone')}
              description={t('test.patientPhoneHint')}
              required
              value={current.patientPhone}
              onChange={(event) => set('patientPhone', event.currentTarget.value)}
              error={errorOf('patientPhone')}
              autoComplete="off"
              maxLength={40}
            />
            <NumberInput
              label={t('test.daysAfterTreatment')}
              description={t('test.daysAfterTreatmentHint')}
              min={testMessageDays.min}
              max={testMessageDays.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={current.daysAfterTreatment}
              onChange={(value) => set('daysAfterTreatment', value)}
              error={errorOf('daysAfterTreatment')}
            />
            <Select
              label={t('test.messageType')}
              data={testMessageTypes.map((value) => ({ value, label: t(`test.messageTypes.${value}`) }))}
              value={current.messageType}
              onChange={(value) => {
                const next = testMessageTypes.find((candidate) => candidate === value);
                if (next) set('messageType', next);
              }}
              allowDeselect={false}
            />
            <Select
              label={t('test.preferredChannel')}
              data={messageChannels.map((value) => ({ value, label: t(`channels.${value}`) }))}
              value={current.preferredChannel}
              onChange={(value) => {
                const next = messageChannels.find((candidate) => candidate === value);
                if (!next) return;
                setChannelTouched(true);
                set('preferredChannel', next);
              }}
              allowDeselect={false}
              error={errorOf('preferredChannel')}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={send.isPending}>
              {t('test.send')}
            </Button>
          </Group>
        </form>
        {result ? (
          <Alert color="green" variant="light" title={t('test.generated')}>
            <Stack gap={4}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="generated-message">
                {result.generatedMessage}
              </Text>
              <Text size="xs" c="dimmed">
                {t(sourceKeys[result.source])} ·{' '}
                {t('test.status', { status: deliveryStatusLabel(t, result.deliveryStatus) })}
              </Text>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
