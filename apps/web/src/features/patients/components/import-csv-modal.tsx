import type {
  ImportDuplicate,
  ImportPreviewResponse,
  ImportResultResponse,
} from '@careloop/contracts/patients';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useImportPatients } from '../api/import-patients';
import { usePreviewPatientImport } from '../api/preview-import';
import { toPatientMessage } from '../patient-form.utils';
import { maxImportFileBytes, translatePatientMessage } from '../patients.utils';

type ImportCsvModalProps = { opened: boolean; onClose: () => void };

type Step =
  | { name: 'pick' }
  | { name: 'preview'; csv: string; preview: ImportPreviewResponse }
  | { name: 'importing'; preview: ImportPreviewResponse }
  | { name: 'done'; result: ImportResultResponse };

/** Import CSV: pick a file, see its errors and duplicates, confirm, watch it import, read the result. */
export function ImportCsvModal({ opened, onClose }: ImportCsvModalProps) {
  const { t } = useTranslation('patients');
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ name: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewPatientImport();
  const runImport = useImportPatients();

  const reset = () => {
    setFile(null);
    setStep({ name: 'pick' });
    setError(null);
  };
  const handleClose = () => {
    if (step.name === 'importing') return;
    reset();
    onClose();
  };

  const describeError = (failure: unknown) =>
    failure instanceof ApiError ? failure.message : t('errors.unexpected');

  const handleFile = async (picked: File | null) => {
    setFile(picked);
    setError(null);
    setStep({ name: 'pick' });
    if (!picked) return;
    if (picked.size > maxImportFileBytes) {
      setError(t('import.tooLarge'));
      return;
    }
    try {
      const csv = await picked.text();
      const answer = await preview.mutateAsync(csv);
      setStep({ name: 'preview', csv, preview: answer });
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  const handleConfirm = async () => {
    if (step.name !== 'preview') return;
    setStep({ name: 'importing', preview: step.preview });
    try {
      const result = await runImport.mutateAsync(step.csv);
      setStep({ name: 'done', result });
    } catch (failure) {
      setError(describeError(failure));
      setStep({ name: 'preview', csv: step.csv, preview: step.preview });
    }
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={t('import.title')} size="xl">
      <Stack gap="md">
        {step.name === 'pick' || step.name === 'preview' ? (
          <>
            <Text size="sm" c="dimmed">
              {t('import.help')}
            </Text>
            <FileInput
              label={t('import.file')}
              placeholder={t('import.filePlaceholder')}
              accept=".csv,text/csv"
              value={file}
              onChange={(picked) => void handleFile(picked)}
              leftSection={<IconFileTypeCsv size={18} aria-hidden="true" />}
              clearable
              disabled={preview.isPending}
            />
          </>
        ) : null}
        {preview.isPending ? (
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
          <ImportPreview
            preview={step.preview}
            onConfirm={() => void handleConfirm()}
            onCancel={handleClose}
          />
        ) : null}

        {step.name === 'importing' ? (
          <Stack gap="xs" role="status">
            <Text>{t('import.importing', { count: step.preview.validRows })}</Text>
            <Progress value={100} animated striped size="lg" aria-label={t('import.progressLabel')} />
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

function ImportPreview({
  preview,
  onConfirm,
  onCancel,
}: {
  preview: ImportPreviewResponse;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('patients');
  const stats = [
    ['total', preview.totalRows],
    ['ready', preview.validRows],
    ['errors', preview.errorRows],
    ['duplicates', preview.duplicateRows],
  ] as const;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('import.previewTitle')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {stats.map(([key, value]) => (
          <Paper key={key} withBorder p="xs" radius="sm">
            <Text size="xs" c="dimmed">
              {t(`import.stats.${key}`)}
            </Text>
            <Text fw={700} size="lg" data-testid={`import-stat-${key}`}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {preview.ignoredColumns.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t('import.ignoredColumns', { columns: preview.ignoredColumns.join(', ') })}
        </Text>
      ) : null}
      <ProblemTables errors={preview.errors} duplicates={preview.duplicates} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={preview.validRows === 0}>
          {t('import.confirm', { count: preview.validRows })}
        </Button>
      </Group>
    </Stack>
  );
}

function ProblemTables({
  errors,
  duplicates,
}: {
  errors: ImportPreviewResponse['errors'];
  duplicates: ImportDuplicate[];
}) {
  const { t } = useTranslation('patients');
  const describeDuplicate = (d: ImportDuplicate) =>
    d.fileRow !== null
      ? t('import.duplicateOfRow', { row: d.fileRow })
      : t('import.duplicateOfPatient', { name: d.existingPatientName ?? d.existingPatientId ?? '' });
  return (
    <>
      {errors.length > 0 ? (
        <Stack gap={4}>
          <Title order={4} size="h6">
            {t('import.errorsTitle')}
          </Title>
          <Table.ScrollContainer minWidth={420} maxHeight={240}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('import.columns.row')}</Table.Th>
                  <Table.Th scope="col">{t('import.columns.field')}</Table.Th>
                  <Table.Th scope="col">{t('import.columns.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((e) => (
                  <Table.Tr key={`${e.row}-${e.field}-${e.message}`}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{e.field ?? '—'}</Table.Td>
                    <Table.Td>{translatePatientMessage(t, toPatientMessage(e.message))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
      {duplicates.length > 0 ? (
        <Stack gap={4}>
          <Title order={4} size="h6">
            {t('import.duplicatesTitle')}
          </Title>
          <Table.ScrollContainer minWidth={420} maxHeight={240}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('import.columns.row')}</Table.Th>
                  <Table.Th scope="col">{t('import.columns.value')}</Table.Th>
                  <Table.Th scope="col">{t('import.columns.duplicateOf')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {duplicates.map((d) => (
                  <Table.Tr key={d.row}>
                    <Table.Td>{d.row}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.value}</Table.Td>
                    <Table.Td>{describeDuplicate(d)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
    </>
  );
}
