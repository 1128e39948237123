import { Button, Group, Menu, Paper, Table, Text, Title } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvCell, type CsvLayoutKey, csvLayouts, downloadCsv } from '../../../lib/csv';

// The layouts the patients export offers as CSV: plain, and what Excel opens in Spanish and Turkish.
const layoutKeys = Object.keys(csvLayouts) as CsvLayoutKey[];

export type TableColumn<Row> = {
  header: string;
  /** The file's header when it says more than the screen's ("Delivery rate (%)"). */
  csvHeader?: string;
  /** What the cell shows, formatted for the reader. */
  render: (row: Row) => ReactNode;
  /** What the CSV cell holds: plain numbers (shares in percent), so a spreadsheet can sum them. */
  csv: (row: Row) => CsvCell;
  isNumeric?: boolean;
};

type ExportTableProps<Row> = {
  /** Unique on the page: the heading's id and the file's name. */
  id: string;
  title: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The period, written into the file's name (`analytics-<id>-<from>-to-<to>.csv`). */
  period: { from: string; to: string };
  emptyText: string;
  minWidth?: number;
};

/** A titled table of the period with its own Export CSV (made in the browser, what the table shows). */
export function ExportTable<Row>({
  id,
  title,
  columns,
  rows,
  rowKey,
  period,
  emptyText,
  minWidth = 560,
}: ExportTableProps<Row>) {
  const { t } = useTranslation('analytics');
  const headingId = `table-${id}`;
  const handleExport = (layout: CsvLayoutKey) =>
    downloadCsv(
      `analytics-${id}-${period.from}-to-${period.to}.csv`,
      columns.map((column) => column.csvHeader ?? column.header),
      rows.map((row) => columns.map((column) => column.csv(row))),
      csvLayouts[layout],
    );

  return (
    // Not a landmark itself: the table's scrolling region is, named by the same title.
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden="true" />}
              rightSection={<IconChevronDown size={14} aria-hidden="true" />}
              disabled={rows.length === 0}
              aria-label={t('exportCsvOf', { table: title })}
            >
              {t('exportCsv')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {layoutKeys.map((layout) => (
              <Menu.Item key={layout} onClick={() => handleExport(layout)}>
                {t(`exportLayouts.${layout}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={minWidth}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': title } }}
        >
          <Table striped aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header} ta={column.isNumeric ? 'right' : undefined}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.header} ta={column.isNumeric ? 'right' : undefined}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
