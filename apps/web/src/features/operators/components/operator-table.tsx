import { Pagination, Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { leadPageCount } from '../leads.utils';

/** One column: its heading, what a row shows in it, and the cell's style. */
export type OperatorColumn<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  style?: CSSProperties;
};

type OperatorTableProps<Row> = {
  /** Names the scrollable region for screen readers (the page's title). */
  label: string;
  /** "N found", read out when it changes. */
  countText: string;
  columns: OperatorColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  total: number;
  pageSize: number;
  page: number;
  onPageChange: (page: number) => void;
};

/** The operators' lists: how many, a striped table that scrolls sideways on a phone, then the pages. */
export function OperatorTable<Row>({
  label,
  countText,
  columns,
  rows,
  rowKey,
  total,
  pageSize,
  page,
  onPageChange,
}: OperatorTableProps<Row>) {
  const { t } = useTranslation('operators');
  return (
    <>
      <Text size="sm" c="dark.6" aria-live="polite">
        {countText}
      </Text>
      <Table.ScrollContainer
        minWidth={880}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
      >
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key}>{column.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key} style={column.style}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > pageSize ? (
        <Pagination
          total={leadPageCount(total, pageSize)}
          value={page}
          onChange={onPageChange}
          getControlProps={(control) => ({ 'aria-label': t(`leads.pagination.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('leads.pagination.page', { page: item }) })}
        />
      ) : null}
    </>
  );
}
