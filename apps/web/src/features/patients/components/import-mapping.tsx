import { type ImportTarget, importTargets } from '@careloop/domain/patient-import/import-targets';
import { Select, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ignoreColumn, toTargetChoice } from '../import.utils';
import { ImportTableScroll } from './import-table-scroll';

type ImportMappingProps = {
  header: string[];
  mapping: (ImportTarget | null)[];
  disabled: boolean;
  onChange: (mapping: (ImportTarget | null)[]) => void;
};

/** One row per column of the file: its header and what it becomes (or ignored). */
export function ImportMapping({ header, mapping, disabled, onChange }: ImportMappingProps) {
  const { t } = useTranslation('patients');
  const choices = [
    ...importTargets.map((target) => ({ value: target, label: t(`import.targets.${target}`) })),
    { value: ignoreColumn, label: t('import.targets.ignore') },
  ];
  const choose = (at: number, value: string | null) => {
    const target = importTargets.find((known) => known === value) ?? null;
    onChange(mapping.map((current, column) => (column === at ? target : current)));
  };
  return (
    <>
      <Title order={3} size="h5">
        {t('import.mappingTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('import.mappingHelp')}
      </Text>
      <ImportTableScroll label={t('import.mappingTitle')} minWidth={320} maxHeight={320}>
        <Table withTableBorder verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('import.columns.fileColumn')}</Table.Th>
              <Table.Th scope="col">{t('import.columns.importAs')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {header.map((title, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are identified by position
              <Table.Tr key={at}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {title || t('import.untitledColumn', { number: at + 1 })}
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t('import.columnTarget', { column: title || at + 1 })}
                    data={choices}
                    value={toTargetChoice(mapping[at] ?? null)}
                    onChange={(value) => choose(at, value)}
                    allowDeselect={false}
                    disabled={disabled}
                    size="xs"
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ImportTableScroll>
    </>
  );
}
