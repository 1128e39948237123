/** How a clinic writes dates: day first (Spain, Turkey, most of the world) or month first (US). */
export type DateOrder = 'dmy' | 'mdy';

const monthFirstCountries = new Set(['US', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'FM', 'MH', 'PW']);

export function dateOrderFor(country: string | null | undefined): DateOrder {
  return country && monthFirstCountries.has(country.toUpperCase()) ? 'mdy' : 'dmy';
}

export type DateReading =
  | { ok: true; isoDate: string; ambiguous: boolean }
  | { ok: false; reason: 'format' | 'calendar' };

const isoPattern =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const localPattern = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})(?:,?\s+\d{1,2}:\d{2}(?::\d{2})?)?$/;

function calendarDate(year: number, month: number, day: number): DateReading {
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!valid) return { ok: false, reason: 'calendar' };
  return { ok: true, isoDate: date.toISOString().slice(0, 10), ambiguous: false };
}

/** Two-digit years as spreadsheets read them: 00-29 this century, 30-99 the last. */
const fullYear = (text: string) => {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 30 ? 2000 + year : 1900 + year;
};

/**
 * A date as clinics write it: ISO (2026-03-15, any clinic) or with slashes, dots or dashes in the
 * clinic's order (15/03/2026 for dmy, 03/15/2026 for mdy). When both readings are dates (04/05/2026)
 * the clinic's order is chosen and the reading is marked ambiguous; a day above 12 in the month's
 * place is read the other way round only when the clinic's order cannot be a date at all.
 */
export function readImportDate(text: string, order: DateOrder): DateReading {
  const trimmed = text.trim();
  const iso = isoPattern.exec(trimmed);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const local = localPattern.exec(trimmed);
  if (!local) return { ok: false, reason: 'format' };
  const first = Number(local[1]);
  const second = Number(local[2]);
  const year = fullYear(local[3] ?? '');
  const [day, month] = order === 'dmy' ? [first, second] : [second, first];
  const chosen = calendarDate(year, month, day);
  if (!chosen.ok) return chosen;
  const other = calendarDate(year, day, month);
  return { ...chosen, ambiguous: first !== second && other.ok };
}
