import type { ImportPreviewResponse } from '@careloop/contracts/patients';
import { isAppLanguage } from '@careloop/domain/clinic-locale';
import { procedureLabel } from '@careloop/domain/clinic-procedures';
import { Alert, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProcedures } from '../api/procedures';

const keepAsOther = '';

/**
 * The file's procedure texts the clinic's list does not know: each goes to "Other" with the text
 * kept on the patient, unless staff choose one of the clinic's procedures for it here.
 */
export function ImportUnknownProcedures({
  unknown,
  mapping,
  disabled,
  onChange,
}: {
  unknown: ImportPreviewResponse['unknownProcedures'];
  mapping: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange: (mapping: Record<string, string>) => void;
}) {
  const { t, i18n } = useTranslation('patients');
  const procedures = useProcedures().data?.procedures ?? [];
  // Mapped texts are no longer unknown to the preview: they stay listed with their choice.
  const listed = [
    ...unknown,
    ...Object.keys(mapping)
      .filter((text) => !unknown.some((entry) => entry.text === text))
      .map((text) => ({ text, rows: null })),
  ];
  if (listed.length === 0) return null;
  const language = isAppLanguage(i18n.language) ? i18n.language : 'en';
  const choices = [
    { value: keepAsOther, label: t('import.unknownProcedures.keepAsOther') },
    ...procedures
      .filter((procedure) => !procedure.archived && procedure.key !== 'Other')
      .map((procedure) => ({ value: procedure.key, label: procedureLabel(procedure, language) })),
  ];
  const choose = (text: string, key: string) => {
    const { [text]: _previous, ...rest } = mapping;
    onChange(key === keepAsOther ? rest : { ...rest, [text]: key });
  };
  return (
    <Alert color="blue" variant="light" title={t('import.unknownProcedures.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('import.unknownProcedures.description')}</Text>
        {listed.map(({ text, rows }) => (
          <NativeSelect
            key={text}
            label={rows === null ? text : t('import.unknownProcedures.label', { text, count: rows })}
            data={choices}
            value={mapping[text] ?? keepAsOther}
            onChange={(event) => choose(text, event.currentTarget.value)}
            disabled={disabled}
          />
        ))}
      </Stack>
    </Alert>
  );
}
