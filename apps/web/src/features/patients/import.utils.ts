import type { ImportTarget } from '@careloop/domain/patient-import/import-targets';

/** The value of the "ignore this column" choice in the mapping selects. */
export const ignoreColumn = 'ignore';

export const toTargetChoice = (target: ImportTarget | null) => target ?? ignoreColumn;

/** A yyyy-mm-dd day in the user's language, without shifting it by the browser's time zone. */
export function formatImportDay(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
