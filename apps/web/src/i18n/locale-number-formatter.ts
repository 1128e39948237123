import type { FormatterModule } from 'i18next';

/** The region each interface language writes its numbers for (grouping and decimal marks). */
export function intlLocale(language: string | undefined): string {
  if (language === 'es') return 'es-ES';
  if (language === 'tr') return 'tr-TR';
  return 'en-US';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string | undefined): Intl.NumberFormat {
  const locale = intlLocale(language);
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format;
}

/**
 * i18next's formatter for every interpolated value (with `alwaysFormat`): a number reads as its
 * language writes it ("11,051", "11.051", "3,5"), whether the text says `{{count}}` or
 * `{{count, number}}`, so no screen can show a raw number by forgetting the format. A value that
 * must stay digits (a year) is passed as a string; strings pass through unchanged.
 */
export const localeNumberFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  // "number" is the only format the catalogues write (i18n/locale-numbers.test.ts checks).
  format(value, _format, language) {
    return typeof value === 'number' && Number.isFinite(value) ? numberFormat(language).format(value) : value;
  },
};

/** A number as the interface language writes it, for the few places that show one outside a text. */
export function formatLocaleNumber(value: number, language: string | undefined): string {
  return numberFormat(language).format(value);
}
