import type { PatientExportQuery } from '@careloop/contracts/patients';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { exportPatientsUrl } from '../api/patient-keys';

// The layouts import reads back: plain CSV, what Excel opens in Spanish and Turkish, a workbook.
const exportChoices: { key: 'csv' | 'excelEs' | 'excelTr' | 'xlsx'; query: PatientExportQuery }[] = [
  { key: 'csv', query: {} },
  { key: 'excelEs', query: { delimiter: 'semicolon', encoding: 'windows-1252' } },
  { key: 'excelTr', query: { delimiter: 'semicolon', encoding: 'windows-1254' } },
  { key: 'xlsx', query: { format: 'xlsx' } },
];

/** Export: one download per layout. */
export function ExportPatientsMenu() {
  const { t } = useTranslation('patients');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          rightSection={<IconChevronDown size={16} aria-hidden="true" />}
        >
          {t('actions.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {exportChoices.map(({ key, query }) => (
          <Menu.Item key={key} component="a" href={exportPatientsUrl(query)} download>
            {t(`export.${key}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
