import { intlLocale as localeOf } from '../../i18n/locale-number-formatter';

/** Dollars from integer cents; whole dollars unless `cents` is asked for. */
export function formatUsd(amountCents: number, language: string, options: { cents?: boolean } = {}) {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: options.cents ? 2 : 0,
    maximumFractionDigits: options.cents ? 2 : 0,
  }).format(amountCents / 100);
}

export function formatNumber(value: number, language: string, maximumFractionDigits = 0) {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits }).format(value);
}

export function formatDate(isoDate: string, language: string) {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(isoDate),
  );
}
