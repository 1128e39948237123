import type { ImportTarget } from '@careloop/domain/patient-import/import-targets';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';

/** The value of the "ignore this column" choice in the mapping selects. */
export const ignoreColumn = 'ignore';

export const toTargetChoice = (target: ImportTarget | null) => target ?? ignoreColumn;

/** A yyyy-mm-dd day in the user's language, without shifting it by the browser's time zone. */
export function formatImportDay(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** Which request failed: reading the file (upload or preview) or the import itself. */
export type ImportStep = 'read' | 'import';

const fileFields = new Set(['file', 'csv', 'uploadId']);

function firstDetailField(details: unknown): string | null {
  if (!Array.isArray(details)) return null;
  const field = (details[0] as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' ? field : null;
}

/**
 * The text for a failed upload, preview or import in the reader's language. The import's own
 * refusals share the API's generic codes, so the step and the field named in `details` tell them
 * apart; anything else reads as the rest of the app reads that code.
 */
export function importErrorMessage(t: TFunction<'patients'>, failure: unknown, step: ImportStep): string {
  if (!(failure instanceof ApiError)) return apiErrorMessage(failure);
  const field = firstDetailField(failure.details);
  switch (failure.code) {
    case 'IMPORT_FAILED':
      return t('import.failed');
    case 'NOT_FOUND':
      return field === 'uploadId' ? t('import.uploadExpired') : apiErrorMessage(failure);
    case 'VALIDATION_ERROR':
      return field !== null && fileFields.has(field) ? t('import.unreadable') : apiErrorMessage(failure);
    case 'PAYLOAD_TOO_LARGE':
      return t('import.tooLarge');
    // Any member may import; the one refusal at the import itself is granted marketing consent from staff.
    case 'FORBIDDEN':
      return step === 'import' ? t('import.consentRefused') : apiErrorMessage(failure);
    default:
      return apiErrorMessage(failure);
  }
}
