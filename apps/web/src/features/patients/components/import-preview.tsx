import type { ImportPreviewResponse } from '@careloop/contracts/patients';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocaleNumber } from '../../../i18n/use-locale-number';
import { formatImportDay } from '../import.utils';
import { ProblemTables } from './import-problem-tables';
import { ImportTableScroll } from './import-table-scroll';

type ImportPreviewProps = {
  preview: ImportPreviewResponse;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** What the import will do: counts, the first rows as imported, ambiguous dates, problems. */
export function ImportPreview({ preview, busy, onConfirm, onCancel }: ImportPreviewProps) {
  const { t, i18n } = useTranslation('patients');
  const formatNumber = useLocaleNumber();
  const day = (isoDate: string | null) => (isoDate ? formatImportDay(isoDate, i18n.language) : '—');
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
      <Text size="sm" c="dimmed">
        {t(`import.dateOrder.${preview.dateOrder}`)} {t('import.region', { region: preview.region })}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {stats.map(([key, value]) => (
          <Paper key={key} withBorder p="xs" radius="sm">
            <Text size="xs" c="dimmed">
              {t(`import.stats.${key}`)}
            </Text>
            <Text fw={700} size="lg" data-testid={`import-stat-${key}`}>
              {formatNumber(value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {preview.ignoredColumns.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t('import.ignoredColumns', { columns: preview.ignoredColumns.join(', ') })}
        </Text>
      ) : null}
      {preview.sampleRows.length > 0 ? (
        <Stack gap={4}>
          <Title order={4} size="h6">
            {t('import.sampleTitle')}
          </Title>
          <ImportTableScroll label={t('import.sampleTitle')} minWidth={560} maxHeight={280}>
            <Table striped withTableBorder data-testid="import-sample">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('import.columns.row')}</Table.Th>
                  <Table.Th scope="col">{t('import.targets.name')}</Table.Th>
                  <Table.Th scope="col">{t('import.targets.phone')}</Table.Th>
                  <Table.Th scope="col">{t('import.targets.email')}</Table.Th>
                  <Table.Th scope="col">{t('import.targets.procedure_date')}</Table.Th>
                  <Table.Th scope="col">{t('import.targets.procedure')}</Table.Th>
                  <Table.Th scope="col">{t('import.columns.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.sampleRows.map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>{row.name ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.phone ?? '—'}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email ?? '—'}</Table.Td>
                    <Table.Td>{row.valid ? day(row.procedureDate) : (row.procedureDate ?? '—')}</Table.Td>
                    <Table.Td>{row.procedure ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={row.valid ? 'green' : 'red'} variant="light">
                        {row.valid ? t('import.rowValid') : t('import.rowInvalid')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ImportTableScroll>
        </Stack>
      ) : null}
      {preview.ambiguousDateRows > 0 ? (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle aria-hidden="true" />}
          title={t('import.ambiguousTitle', { count: preview.ambiguousDateRows })}
        >
          <List size="sm" spacing={2}>
            {preview.ambiguousDates.slice(0, 5).map((date) => (
              <List.Item key={date.row}>
                {t('import.ambiguousRow', { row: date.row, text: date.text, date: day(date.isoDate) })}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <ProblemTables errors={preview.errors} duplicates={preview.duplicates} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy || preview.validRows === 0}>
          {t('import.confirm', { count: preview.validRows })}
        </Button>
      </Group>
    </Stack>
  );
}
