import type { Patient } from '@careloop/contracts/patients';
import { appLanguages, isAppLanguage } from '@careloop/domain/clinic-locale';
import { procedureLabel } from '@careloop/domain/clinic-procedures';
import { patientStatuses, procedureOptions } from '@careloop/domain/patient';
import { Button, Checkbox, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useClinicTimeZone } from '../../../lib/current-user';
import { showError, showSuccess } from '../../../lib/notifications';
import { useCreatePatient } from '../api/create-patient';
import { useProcedures } from '../api/procedures';
import { useUpdatePatient } from '../api/update-patient';
import {
  consentDescription,
  emptyPatientForm,
  formValuesToBody,
  newPatientForm,
  type PatientFormValues,
  patientToFormValues,
  serverFieldErrors,
  validatePatientForm,
} from '../patient-form.utils';
import { procedureKeys, translatePatientMessage } from '../patients.utils';

type PatientFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The patient to edit; without it the dialog adds a new patient. */
  patient?: Patient | null;
  onSaved?: (patient: Patient) => void;
};

/**
 * The procedures staff can choose: the clinic's list in use, in the reader's language, plus the
 * patient's own when the clinic archived it; the seven defaults until the list has loaded.
 */
function useProcedureChoices(current: string | null, language: string, t: TFunction<['patients', 'common']>) {
  const list = useProcedures().data?.procedures;
  if (!list) return procedureOptions.map((value) => ({ value, label: t(procedureKeys[value]) }));
  const readerLanguage = isAppLanguage(language) ? language : 'en';
  return list
    .filter((procedure) => !procedure.archived || procedure.key === current)
    .map((procedure) => ({ value: procedure.key, label: procedureLabel(procedure, readerLanguage) }));
}

/** Add Patient and Edit Patient: the spec's fields, validation message and toasts. */
export function PatientFormModal({ opened, onClose, patient, onSaved }: PatientFormModalProps) {
  const { t, i18n } = useTranslation(['patients', 'common']);
  const isEdit = Boolean(patient);
  const procedureChoices = useProcedureChoices(patient?.procedure ?? null, i18n.language, t);
  const create = useCreatePatient();
  const update = useUpdatePatient();
  const isSaving = create.isPending || update.isPending;
  // Procedure dates are days of the clinic's calendar (the browser's until /api/me has answered).
  const clinicTimeZone = useClinicTimeZone();

  const form = useForm<PatientFormValues>({
    mode: 'controlled',
    initialValues: emptyPatientForm,
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validatePatientForm(values, clinicTimeZone)).map(([field, message]) => [
          field,
          message ? translatePatientMessage(t, message) : null,
        ]),
      ),
  });

  // Each opening starts from the patient being edited, or from an empty form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens or the patient changes
  useEffect(() => {
    if (!opened) return;
    const values = patient ? patientToFormValues(patient) : newPatientForm(clinicTimeZone);
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
  }, [opened, patient]);

  // The clinic's zone may arrive after the dialog opened: today there, unless staff chose a date.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the zone becomes known
  useEffect(() => {
    if (!opened || patient || !clinicTimeZone || form.isDirty('procedureDate')) return;
    const today = newPatientForm(clinicTimeZone).procedureDate;
    form.setInitialValues({ ...form.getInitialValues(), procedureDate: today });
    form.setFieldValue('procedureDate', today);
  }, [clinicTimeZone]);

  const handleInvalid = (errors: Record<string, unknown>) => {
    if (errors.name) {
      showError({
        title: t('errors.nameRequired'),
        message: t('errors.nameRequiredDescription'),
      });
    }
  };

  const handleSubmit = async (values: PatientFormValues) => {
    const body = formValuesToBody(values, patient);
    try {
      const saved = patient
        ? await update.mutateAsync({ id: patient.id, body })
        : await create.mutateAsync(body);
      showSuccess({ title: t(isEdit ? 'toasts.updated' : 'toasts.added') });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const message = error instanceof ApiError ? apiErrorMessage(error) : t('errors.unexpected');
      if (error instanceof ApiError && error.status === 400) {
        const fieldErrors = serverFieldErrors(error.details);
        form.setErrors(
          Object.fromEntries(
            Object.entries(fieldErrors).map(([field, m]) => [
              field,
              m ? translatePatientMessage(t, m) : null,
            ]),
          ),
        );
      }
      showError({ title: t(isEdit ? 'toasts.updateError' : 'toasts.addError'), message });
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(isEdit ? 'form.editTitle' : 'form.addTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={form.onSubmit(handleSubmit, handleInvalid)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('form.name')}
            withAsterisk
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('form.email')}
              type="email"
              autoComplete="off"
              miw={200}
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('form.phone')}
              type="tel"
              placeholder={t('form.phonePlaceholder')}
              description={t('form.phoneHint')}
              autoComplete="off"
              miw={200}
              {...form.getInputProps('phone')}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t('form.procedure')}
              placeholder={t('form.procedurePlaceholder')}
              data={procedureChoices}
              clearable
              miw={200}
              {...form.getInputProps('procedure')}
              value={form.values.procedure || null}
              onChange={(value) => form.setFieldValue('procedure', value ?? '')}
            />
            <Select
              label={t('form.status')}
              data={patientStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
              allowDeselect={false}
              miw={200}
              {...form.getInputProps('status')}
            />
          </Group>
          <TextInput
            label={t('form.procedureDate')}
            description={t('form.procedureDateHint')}
            type="date"
            maw={240}
            {...form.getInputProps('procedureDate')}
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t('form.language')}
              description={t('form.languageHint')}
              data={[
                { value: '', label: t('form.languageClinicDefault') },
                ...appLanguages.map((value) => ({ value, label: t(`languages.${value}`) })),
              ]}
              allowDeselect={false}
              miw={200}
              value={form.values.language}
              onChange={(value) => {
                const language = appLanguages.find((candidate) => candidate === value);
                form.setFieldValue('language', language ?? '');
              }}
            />
            <Checkbox
              mt={{ base: 0, sm: 'lg' }}
              label={t('form.marketingConsent')}
              description={consentDescription(t, patient?.marketingConsent, i18n.language, clinicTimeZone)}
              miw={200}
              {...form.getInputProps('marketingConsent', { type: 'checkbox' })}
            />
          </Group>
          <Textarea label={t('form.comment')} rows={3} {...form.getInputProps('comment')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t(isEdit ? 'form.save' : 'form.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
