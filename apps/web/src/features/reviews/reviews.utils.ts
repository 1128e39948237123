import { noReviewSourceCode } from '@careloop/contracts/reviews';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { planMessages } from '@careloop/domain/plans';
import type { ReviewMatchStatus } from '@careloop/domain/review-rules';
import type { ParseKeys } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';

export const matchStatusColors = {
  matched: 'green',
  multiple_matches: 'orange',
  unmatched: 'gray',
} as const satisfies Record<ReviewMatchStatus, string>;

/** What the 'Error syncing reviews' toast says: a translation key, or the translated text for the error code. */
export type SyncErrorText = { key: ParseKeys<'reviews'> } | { text: string };

export function syncErrorText(error: unknown): SyncErrorText {
  if (error instanceof ApiError) {
    if (error.code === noReviewSourceCode) return { key: 'errors.noReviewSource' };
    if (error.status >= 400 && error.status < 500) return { text: apiErrorMessage(error) };
  }
  return { key: 'toasts.syncFallback' };
}

/** The error toast after Create case: a known conflict has its own text, other 4xx the one for their code. */
export function createCaseErrorText(error: unknown): SyncErrorText {
  if (error instanceof ApiError) {
    if (error.status === 409) return { key: 'errors.caseAlreadyOpen' };
    if (error.status === 404) return { key: 'errors.reviewNotFound' };
    if (error.status >= 400 && error.status < 500) return { text: apiErrorMessage(error) };
  }
  return { key: 'toasts.tryAgain' };
}

/** Match confidence as a whole percentage, or null when unknown. */
export function formatConfidence(confidence: number | null): string | null {
  if (confidence === null || Number.isNaN(confidence)) return null;
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;
}

/** The review's date in the interface language. */
export function formatReviewDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** What a failed reply action says: a domain message (with its i18n key), a reviews key, or the server's words. */
export type ReplyErrorText = { domain: DomainMessage } | SyncErrorText;

function firstDomainDetail(details: unknown): DomainMessage | null {
  if (!Array.isArray(details)) return null;
  const first: unknown = details[0];
  if (typeof first !== 'object' || first === null) return null;
  const { key, message } = first as { key?: unknown; message?: unknown };
  return typeof key === 'string' && typeof message === 'string' ? { key, message } : null;
}

/** The text under the reply box or in the toast after Save, Approve or Discard failed. */
export function replyErrorText(error: unknown): ReplyErrorText {
  if (error instanceof ApiError) {
    if (error.status === 400) {
      const detail = firstDomainDetail(error.details);
      if (detail) return { domain: detail };
    }
    if (error.code === 'PLAN_REQUIRED') return { domain: planMessages.featureLocked };
    if (error.status === 409) return { key: 'reply.errors.conflict' };
    if (error.status === 404) return { key: 'errors.reviewNotFound' };
    if (error.status >= 400 && error.status < 500) return { text: apiErrorMessage(error) };
  }
  return { key: 'toasts.tryAgain' };
}
