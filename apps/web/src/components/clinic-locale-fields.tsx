import { type AppLanguage, appLanguages, phoneCountries } from '@careloop/domain/clinic-locale';
import { NativeSelect, Select, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export type ClinicLocaleValues = {
  defaultLanguage: AppLanguage;
  timeZone: string;
  /** ISO 3166-1 alpha-2, '' when not chosen. */
  country: string;
};

type ClinicLocaleFieldsProps = {
  value: ClinicLocaleValues;
  onChange: (next: ClinicLocaleValues) => void;
  disabled?: boolean;
};

/** The zones this browser knows (the server checks against the same IANA list), plus UTC. */
function timeZoneOptions(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone')];
}

/**
 * Default language, IANA time zone and country (default phone region): the clinic's locale, in
 * Clinic Settings and in the onboarding wizard's first step.
 */
export function ClinicLocaleFields({ value, onChange, disabled }: ClinicLocaleFieldsProps) {
  const { t, i18n } = useTranslation('common');
  const zones = useMemo(timeZoneOptions, []);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return phoneCountries()
      .map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Select
        label={t('clinicLocale.language')}
        description={t('clinicLocale.languageHint')}
        data={appLanguages.map((language) => ({
          value: language,
          label: t(`clinicLocale.languages.${language}`),
        }))}
        value={value.defaultLanguage}
        onChange={(next) => {
          const language = appLanguages.find((candidate) => candidate === next);
          if (language) onChange({ ...value, defaultLanguage: language });
        }}
        allowDeselect={false}
        disabled={disabled}
      />
      {/* Native selects: hundreds of zones and countries, typed-to-find by the browser itself. */}
      <NativeSelect
        label={t('clinicLocale.timeZone')}
        description={t('clinicLocale.timeZoneHint')}
        data={zones}
        value={value.timeZone}
        onChange={(event) => onChange({ ...value, timeZone: event.currentTarget.value })}
        disabled={disabled}
      />
      <NativeSelect
        label={t('clinicLocale.country')}
        description={t('clinicLocale.countryHint')}
        data={[{ value: '', label: t('clinicLocale.countryPlaceholder') }, ...countries]}
        value={value.country}
        onChange={(event) => onChange({ ...value, country: event.currentTarget.value })}
        disabled={disabled}
      />
    </SimpleGrid>
  );
}
