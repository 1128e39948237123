import { caseSeverities } from '@careloop/domain/case-rules';
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useClinicTimeZone } from '../../../lib/current-user';
import { showError, showSuccess } from '../../../lib/notifications';
import { useCreateCase } from '../api/create-case';
import { usePatientSearch } from '../api/search-patients';
import { type NewCaseFormValues, toCreateCaseBody, validateNewCase } from '../cases.utils';

const emptyForm: NewCaseFormValues = {
  title: '',
  description: '',
  severity: 'medium',
  patientId: null,
  dueAt: '',
};

type NewCaseDialogProps = { opened: boolean; onClose: () => void; onCreated: (id: string) => void };

export function NewCaseDialog({ opened, onClose, onCreated }: NewCaseDialogProps) {
  const { t } = useTranslation(['cases', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('form.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {opened ? <NewCaseForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function NewCaseForm({ onClose, onCreated }: Omit<NewCaseDialogProps, 'opened'>) {
  const { t } = useTranslation(['cases', 'common']);
  const createCase = useCreateCase();
  const timeZone = useClinicTimeZone();
  const [values, setValues] = useState<NewCaseFormValues>(emptyForm);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [patientQuery, setPatientQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(patientQuery, 250);
  const patients = usePatientSearch(debouncedQuery, true);
  const [patientLabel, setPatientLabel] = useState<{ value: string; label: string } | null>(null);

  const set = <K extends keyof NewCaseFormValues>(key: K, value: NewCaseFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const patientOptions = (patients.data?.patients ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (patientLabel && !patientOptions.some((o) => o.value === patientLabel.value))
    patientOptions.push(patientLabel);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateNewCase(values);
    setTitleError(problems.title ? t(`form.${problems.title}`) : null);
    if (problems.title) return;
    createCase.mutate(toCreateCaseBody(values, timeZone), {
      onSuccess: (created) => {
        showSuccess({ title: t('toasts.created') });
        onCreated(created.id);
      },
      onError: (error) =>
        showError({
          title: t('toasts.createError'),
          message:
            error instanceof ApiError && error.status > 0 && error.status < 500
              ? apiErrorMessage(error)
              : t('toasts.tryAgain'),
        }),
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('form.titleLabel')}
          required
          value={values.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={titleError}
          maxLength={200}
          data-autofocus
        />
        <Textarea
          label={t('form.description')}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={5000}
        />
        <Select
          label={t('form.severity')}
          data={caseSeverities.map((s) => ({ value: s, label: t(`severity.${s}`) }))}
          value={values.severity}
          onChange={(value) => value && set('severity', value as NewCaseFormValues['severity'])}
          allowDeselect={false}
        />
        <Select
          label={t('form.patient')}
          placeholder={t('form.patientPlaceholder')}
          description={t('form.optional')}
          data={patientOptions}
          value={values.patientId}
          onChange={(value, option) => {
            set('patientId', value);
            setPatientLabel(value && option ? { value, label: option.label } : null);
          }}
          searchable
          searchValue={patientQuery}
          onSearchChange={setPatientQuery}
          filter={({ options }) => options}
          nothingFoundMessage={patients.isFetching ? t('common:loading') : t('form.noPatients')}
          clearable
          clearButtonProps={{ 'aria-label': t('form.clearPatient') }}
        />
        <TextInput
          type="datetime-local"
          label={t('form.dueAt')}
          description={timeZone ? t('form.optionalClinicTime', { timeZone }) : t('form.optional')}
          value={values.dueAt}
          onChange={(event) => set('dueAt', event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={createCase.isPending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
