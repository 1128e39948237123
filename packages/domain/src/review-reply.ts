import type { DomainMessage } from './domain-message';
import { withThousandsSeparators } from './thousands';

// Replies to public reviews. A reply is public: whatever the reviewer wrote, it
// never confirms that they are a patient and names no treatment, date or health detail.
// This file: the reply's languages, statuses and problems; the check (review-reply-check.ts), the
// language of a reply (review-reply-language.ts) and the template drafts (review-reply-template.ts)
// live beside it.

/** The languages replies are written in; a review in another language gets the clinic's default. */
export const reviewReplyLanguages = ['en', 'es', 'tr'] as const;
export type ReviewReplyLanguage = (typeof reviewReplyLanguages)[number];

/**
 * scheduled: waiting for the delay; drafted: text ready for staff; approved: staff approved it and
 * it was not posted (no credentials to post: staff copy it); posted: on the provider's page;
 * discarded: staff do not want it; failed: the provider refused or could not be reached.
 */
export const reviewReplyStatuses = [
  'scheduled',
  'drafted',
  'approved',
  'posted',
  'discarded',
  'failed',
] as const;
export type ReviewReplyStatus = (typeof reviewReplyStatuses)[number];

/** Who wrote the current text: the AI model, the template writer, or staff. */
export const reviewReplySources = ['ai', 'template', 'staff'] as const;
export type ReviewReplySource = (typeof reviewReplySources)[number];

/**
 * The longest reply accepted. Trustpilot documents no limit and Google allows 4,096 bytes; a
 * short public answer that moves the conversation to a private channel fits easily.
 */
export const reviewReplyMaxLength = 1000;

const editable: readonly ReviewReplyStatus[] = ['scheduled', 'drafted', 'approved', 'failed'];
const approvable: readonly ReviewReplyStatus[] = ['drafted', 'approved', 'failed'];
const discardable: readonly ReviewReplyStatus[] = ['scheduled', 'drafted', 'approved', 'failed'];

/** Staff may write or change the text until it is posted or discarded (scheduled: before the draft). */
export const canEditReviewReply = (status: ReviewReplyStatus) => editable.includes(status);
/** Approving again after a failure (or once credentials exist) tries to post again. */
export const canApproveReviewReply = (status: ReviewReplyStatus) => approvable.includes(status);
export const canDiscardReviewReply = (status: ReviewReplyStatus) => discardable.includes(status);

export function isReviewReplyStatus(value: unknown): value is ReviewReplyStatus {
  return reviewReplyStatuses.some((status) => status === value);
}

export const reviewReplyProblemCodes = [
  'empty',
  'too_long',
  'placeholder',
  'confirms_patient',
  'names_treatment',
  'names_date',
  'health_detail',
] as const;
export type ReviewReplyProblemCode = (typeof reviewReplyProblemCodes)[number];

export const reviewReplyMessages = {
  empty: { key: 'reviews.reply.errors.empty', message: 'The reply is empty' },
  too_long: {
    key: 'reviews.reply.errors.tooLong',
    message: `The reply is too long (at most ${withThousandsSeparators(reviewReplyMaxLength)} characters)`,
  },
  placeholder: { key: 'reviews.reply.errors.placeholder', message: 'The reply still contains a placeholder' },
  confirms_patient: {
    key: 'reviews.reply.errors.confirmsPatient',
    message: 'The reply must not confirm that the reviewer is a patient',
  },
  names_treatment: {
    key: 'reviews.reply.errors.namesTreatment',
    message: 'The reply must not name a treatment or procedure',
  },
  names_date: { key: 'reviews.reply.errors.namesDate', message: 'The reply must not mention a date' },
  health_detail: {
    key: 'reviews.reply.errors.healthDetail',
    message: 'The reply must not mention health details',
  },
} as const satisfies Record<ReviewReplyProblemCode, DomainMessage>;

export type ReviewReplyProblem = DomainMessage & {
  code: ReviewReplyProblemCode;
  /** The words that broke the rule, as written (null for empty, too long). */
  found: string | null;
};

export type ReviewReplyCheck = { ok: true } | { ok: false; problems: ReviewReplyProblem[] };

export function isReviewReplyLanguage(value: unknown): value is ReviewReplyLanguage {
  return reviewReplyLanguages.some((language) => language === value);
}
