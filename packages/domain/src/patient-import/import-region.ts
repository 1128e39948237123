import type { CountryCode } from 'libphonenumber-js';
import { isPhoneCountry } from '../clinic-locale';

const zoneCountries: Record<string, CountryCode> = {
  'Europe/Madrid': 'ES',
  'Atlantic/Canary': 'ES',
  'Africa/Ceuta': 'ES',
  'Europe/Istanbul': 'TR',
  'Asia/Istanbul': 'TR',
};

const languageCountries: Record<string, CountryCode> = { es: 'ES', tr: 'TR', en: 'US' };

/**
 * The region national phone numbers in an import belong to: the clinic's country; without one,
 * its time zone's (Madrid, Istanbul, an American zone for an English clinic), else its language's.
 */
export function importRegionFor(clinic: {
  country: string | null | undefined;
  timeZone: string | null | undefined;
  defaultLanguage: string | null | undefined;
}): CountryCode {
  if (clinic.country && isPhoneCountry(clinic.country)) return clinic.country;
  const zone = clinic.timeZone ?? '';
  const byZone = zoneCountries[zone];
  if (byZone) return byZone;
  if (zone.startsWith('America/') && clinic.defaultLanguage !== 'es') return 'US';
  return languageCountries[clinic.defaultLanguage ?? ''] ?? 'US';
}
