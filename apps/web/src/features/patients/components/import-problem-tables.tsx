import type { ImportDuplicate, ImportPreviewResponse } from '@careloop/contracts/patients';
import { Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toPatientMessage } from '../patient-form.utils';
import { importFieldLabel, translatePatientMessage } from '../patients.utils';
import { ImportTableScroll } from './import-table-scroll';

/** The rows that will not be imported: per-row errors and duplicates. */
export function ProblemTables({
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
          <ImportTableScroll label={t('import.errorsTitle')} minWidth={420} maxHeight={240}>
            <Table striped withTableBorder data-testid="import-errors">
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
                    <Table.Td>{importFieldLabel(t, e.field)}</Table.Td>
                    <Table.Td>{translatePatientMessage(t, toPatientMessage(e.message))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ImportTableScroll>
        </Stack>
      ) : null}
      {duplicates.length > 0 ? (
        <Stack gap={4}>
          <Title order={4} size="h6">
            {t('import.duplicatesTitle')}
          </Title>
          <ImportTableScroll label={t('import.duplicatesTitle')} minWidth={420} maxHeight={240}>
            <Table striped withTableBorder data-testid="import-duplicates">
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
          </ImportTableScroll>
        </Stack>
      ) : null}
    </>
  );
}
