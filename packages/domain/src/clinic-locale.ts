import { type CountryCode, getCountries } from 'libphonenumber-js';
import { z } from 'zod';

/** The languages patients are written to, and a clinic's default is one of. */
export const appLanguages = ['en', 'es', 'tr'] as const;
export type AppLanguage = (typeof appLanguages)[number];
export const defaultAppLanguage: AppLanguage = 'en';

export function isAppLanguage(value: unknown): value is AppLanguage {
  return appLanguages.some((language) => language === value);
}

/** A patient's own language, else the clinic's, else English. */
export function languageFor(
  patientLanguage: string | null | undefined,
  clinicLanguage: string | null | undefined,
) {
  if (isAppLanguage(patientLanguage)) return patientLanguage;
  return isAppLanguage(clinicLanguage) ? clinicLanguage : defaultAppLanguage;
}

let ianaZones: Set<string> | null = null;

const zoneName = /^[A-Za-z][A-Za-z_-]*(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*)+$/;

/**
 * IANA zone names this runtime knows (Intl.supportedValuesOf), plus 'UTC', which the list leaves
 * out but every clinic created before time zones could be set carries, plus the current names the
 * list still gives under their older ones: ICU lists Europe/Kiev and Asia/Calcutta, while a browser
 * in Kyiv or Kolkata reports Europe/Kyiv and Asia/Kolkata. Such a name is one Intl resolves to a
 * listed zone; offsets ("+03:00") are not zone names.
 */
export function isIanaTimeZone(value: string): boolean {
  if (value === 'UTC') return true;
  ianaZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (ianaZones.has(value)) return true;
  if (!zoneName.test(value)) return false;
  try {
    return ianaZones.has(new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

let countries: Set<string> | null = null;

/** ISO 3166-1 alpha-2 codes with a phone numbering plan, for a country picker. */
export function phoneCountries(): readonly CountryCode[] {
  return getCountries();
}

/** ISO 3166-1 alpha-2 codes that have a phone numbering plan (the clinic's default phone region). */
export function isPhoneCountry(value: string): value is CountryCode {
  countries ??= new Set(getCountries());
  return countries.has(value);
}

export const clinicLocaleMessages = {
  timeZoneInvalid: {
    key: 'settings.errors.timeZoneInvalid',
    message: 'Please choose a time zone from the list',
  },
  countryInvalid: { key: 'settings.errors.countryInvalid', message: 'Please choose a country from the list' },
  languageInvalid: {
    key: 'settings.errors.languageInvalid',
    message: 'Please choose English, Spanish or Turkish',
  },
} as const;

export const appLanguageSchema = z.enum(appLanguages, clinicLocaleMessages.languageInvalid.message);
export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isIanaTimeZone, clinicLocaleMessages.timeZoneInvalid.message);
export const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value: string): boolean => isPhoneCountry(value), clinicLocaleMessages.countryInvalid.message);
