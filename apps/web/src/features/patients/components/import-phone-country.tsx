import { phoneCountries } from '@careloop/domain/clinic-locale';
import { NativeSelect } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The country this file's national phone numbers belong to: the clinic's unless staff pick another. */
export function ImportPhoneCountry({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled: boolean;
  onChange: (country: string) => void;
}) {
  const { t, i18n } = useTranslation('patients');
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return phoneCountries()
      .map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);
  return (
    <NativeSelect
      label={t('import.phoneCountry.label')}
      description={t('import.phoneCountry.description')}
      data={countries}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      disabled={disabled}
    />
  );
}
