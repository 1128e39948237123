import { intlLocale as localeOf } from '../../i18n/locale-number-formatter';

// Making an Intl.NumberFormat costs far more than using one (a pricing page formats dozens of
// figures while it hydrates): one a locale and set of options, kept.
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = localeOf(language);
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** Dollars from integer cents; whole dollars unless `cents` is asked for. */
export function formatUsd(amountCents: number, language: string, options: { cents?: boolean } = {}) {
  const digits = options.cents ? 2 : 0;
  return numberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amountCents / 100);
}

export function formatNumber(value: number, language: string, maximumFractionDigits = 0) {
  return numberFormat(language, { maximumFractionDigits }).format(value);
}

/**
 * A share in percent (50 = half) as the language writes it, as the analytics page writes its
 * rates (Intl's percent style): "50%" (en), "50 %" (es), "%50" (tr).
 */
export function formatPercent(percent: number, language: string, maximumFractionDigits = 0) {
  return numberFormat(language, { style: 'percent', maximumFractionDigits }).format(percent / 100);
}

export function formatDate(isoDate: string, language: string) {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(isoDate),
  );
}

/** A calendar month ('YYYY-MM') as its name and year: "March 2026", "marzo de 2026", "Mart 2026". */
export function formatMonth(yearMonth: string, language: string) {
  const date = new Date(`${yearMonth}-01T00:00:00Z`);
  if (!/^\d{4}-\d{2}$/.test(yearMonth) || Number.isNaN(date.getTime())) return yearMonth;
  return new Intl.DateTimeFormat(localeOf(language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
