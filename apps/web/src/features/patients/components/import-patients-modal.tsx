import type {
  ImportPreviewResponse,
  ImportResultResponse,
  PatientImportBody,
} from '@careloop/contracts/patients';
import type { ImportTarget } from '@careloop/domain/patient-import/import-targets';
import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImportProgress, useImportPatients } from '../api/import-patients';
import { usePreviewPatientImport, useUploadPatientImport } from '../api/preview-import';
import { importErrorMessage } from '../import.utils';
import { maxImportFileBytes } from '../patients.utils';
import { ImportMapping } from './import-mapping';
import { ImportPhoneCountry } from './import-phone-country';
import { ImportPreview } from './import-preview';
import { ProblemTables } from './import-problem-tables';
import { ImportReadingOptions, type ReadingChoice } from './import-reading-options';
import { ImportUnknownProcedures } from './import-unknown-procedures';

type ImportPatientsModalProps = { opened: boolean; onClose: () => void };

type Step =
  | { name: 'pick' }
  | { name: 'preview'; request: PatientImportBody; preview: ImportPreviewResponse }
  | { name: 'importing'; preview: ImportPreviewResponse }
  | { name: 'done'; result: ImportResultResponse };

/**
 * Import patients: pick a CSV or .xlsx file, check how it is read and the mapping proposed for its
 * columns, see the first rows as they will be imported, confirm, watch the progress, read the result.
 */
export function ImportPatientsModal({ opened, onClose }: ImportPatientsModalProps) {
  const { t } = useTranslation(['patients', 'common']);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ name: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const preview = usePreviewPatientImport();
  const upload = useUploadPatientImport();
  const runImport = useImportPatients(setProgress);
  const busy = preview.isPending || upload.isPending;

  const reset = () => {
    setFile(null);
    setStep({ name: 'pick' });
    setError(null);
    setProgress(null);
  };
  const handleClose = () => {
    if (step.name === 'importing') return;
    reset();
    onClose();
  };

  /** Shows the preview; later requests name the kept file by its id instead of sending it again. */
  const show = async (read: () => Promise<ImportPreviewResponse>, request: PatientImportBody) => {
    setError(null);
    try {
      const answer = await read();
      const uploadId = answer.uploadId ?? request.uploadId;
      setStep({
        name: 'preview',
        request: { ...request, uploadId, mapping: answer.mapping },
        preview: answer,
      });
    } catch (failure) {
      setError(importErrorMessage(t, failure, 'read'));
    }
  };
  const check = (request: PatientImportBody) => show(() => preview.mutateAsync(request), request);

  const handleFile = async (picked: File | null) => {
    setFile(picked);
    setError(null);
    setStep({ name: 'pick' });
    if (!picked) return;
    if (picked.size > maxImportFileBytes) {
      setError(t('import.tooLarge'));
      return;
    }
    await show(() => upload.mutateAsync(picked), {});
  };

  const handleReading = (choice: ReadingChoice) => {
    if (step.name !== 'preview') return;
    void check({
      uploadId: step.request.uploadId,
      encoding: choice.encoding ?? undefined,
      delimiter: choice.delimiter ?? undefined,
      sheet: choice.sheet,
      phoneCountry: step.request.phoneCountry,
    });
  };

  const handlePhoneCountry = (phoneCountry: string) => {
    if (step.name !== 'preview') return;
    void check({ ...step.request, phoneCountry });
  };

  const handleProcedureMapping = (procedureMapping: Record<string, string>) => {
    if (step.name !== 'preview') return;
    void check({ ...step.request, procedureMapping });
  };

  const handleMapping = (mapping: (ImportTarget | null)[]) => {
    if (step.name !== 'preview') return;
    void check({ ...step.request, mapping });
  };

  const handleConfirm = async () => {
    if (step.name !== 'preview') return;
    setStep({ name: 'importing', preview: step.preview });
    setProgress({ done: 0, total: step.preview.validRows });
    try {
      const result = await runImport.mutateAsync(step.request);
      setStep({ name: 'done', result });
    } catch (failure) {
      setError(importErrorMessage(t, failure, 'import'));
      setStep({ name: 'preview', request: step.request, preview: step.preview });
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={t('import.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="md">
        {step.name === 'pick' || step.name === 'preview' ? (
          <>
            <Text size="sm" c="dimmed">
              {t('import.help')}
            </Text>
            <FileInput
              label={t('import.file')}
              placeholder={t('import.filePlaceholder')}
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(picked) => void handleFile(picked)}
              leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
              clearable
              clearButtonProps={{ 'aria-label': t('import.clearFile') }}
              disabled={busy}
            />
          </>
        ) : null}
        {busy ? (
          <Text size="sm" role="status">
            {t('import.checking')}
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            {error}
          </Alert>
        ) : null}

        {step.name === 'preview' ? (
          <>
            <ImportReadingOptions reading={step.preview.reading} disabled={busy} onChange={handleReading} />
            <ImportPhoneCountry value={step.preview.region} disabled={busy} onChange={handlePhoneCountry} />
            <ImportMapping
              header={step.preview.header}
              mapping={step.preview.mapping}
              disabled={busy}
              onChange={handleMapping}
            />
            {step.preview.nameMapped ? (
              <ImportUnknownProcedures
                unknown={step.preview.unknownProcedures}
                mapping={step.request.procedureMapping ?? {}}
                disabled={busy}
                onChange={handleProcedureMapping}
              />
            ) : null}
            {step.preview.nameMapped ? (
              <ImportPreview
                preview={step.preview}
                busy={busy}
                onConfirm={() => void handleConfirm()}
                onCancel={handleClose}
              />
            ) : (
              <Alert color="yellow" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                {t('import.nameNotMapped')}
              </Alert>
            )}
          </>
        ) : null}

        {step.name === 'importing' ? (
          <Stack gap="xs" role="status">
            <Text>{t('import.importing', { count: step.preview.validRows })}</Text>
            <Progress value={percent} size="lg" aria-label={t('import.progressLabel')} />
            {progress ? (
              <Text size="sm" c="dimmed">
                {t('import.progress', { done: progress.done, total: progress.total })}
              </Text>
            ) : null}
          </Stack>
        ) : null}

        {step.name === 'done' ? (
          <Stack gap="sm">
            <Alert color="green" icon={<IconCircleCheck aria-hidden="true" />} title={t('import.doneTitle')}>
              {t('import.doneSummary', { inserted: step.result.inserted, skipped: step.result.skipped })}
            </Alert>
            <ProblemTables errors={step.result.errors} duplicates={step.result.duplicates} />
            <Group justify="flex-end">
              <Button onClick={handleClose}>{t('import.close')}</Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
