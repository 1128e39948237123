import { type ImportFileReading, importDelimiters, importFileEncodings } from '@careloop/contracts/patients';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ReadingChoice = {
  encoding?: ImportFileReading['encoding'];
  delimiter?: ImportFileReading['delimiter'];
  sheet?: string;
};

const delimiterNames = { ',': 'comma', ';': 'semicolon', '\t': 'tab' } as const;

/** How the file is read (detected, staff may correct it): encoding and delimiter, or the sheet. */
export function ImportReadingOptions({
  reading,
  disabled,
  onChange,
}: {
  reading: ImportFileReading;
  disabled: boolean;
  onChange: (choice: ReadingChoice) => void;
}) {
  const { t } = useTranslation('patients');
  if (reading.format === 'xlsx') {
    if (reading.sheets.length < 2) return null;
    return (
      <Select
        label={t('import.reading.sheet')}
        data={reading.sheets}
        value={reading.sheet}
        onChange={(sheet) => sheet && onChange({ sheet })}
        allowDeselect={false}
        disabled={disabled}
      />
    );
  }
  return (
    <Group grow align="flex-start" wrap="wrap">
      <Select
        label={t('import.reading.encoding')}
        data={importFileEncodings.map((value) => ({ value, label: t(`import.encodings.${value}`) }))}
        value={reading.encoding}
        onChange={(value) => {
          const encoding = importFileEncodings.find((known) => known === value);
          if (encoding) onChange({ encoding, delimiter: reading.delimiter });
        }}
        allowDeselect={false}
        disabled={disabled}
      />
      <Select
        label={t('import.reading.delimiter')}
        data={importDelimiters.map((value) => ({
          value,
          label: t(`import.delimiters.${delimiterNames[value]}`),
        }))}
        value={reading.delimiter}
        onChange={(value) => {
          const delimiter = importDelimiters.find((known) => known === value);
          if (delimiter) onChange({ encoding: reading.encoding, delimiter });
        }}
        allowDeselect={false}
        disabled={disabled}
      />
    </Group>
  );
}
