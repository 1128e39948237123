import { reviewReplyFailureKinds } from '@careloop/contracts/review-replies';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import { clinics } from './clinics';
import { reviews } from './reviews';

// The same lists as packages/domain/src/review-reply.ts (the service checks they agree at compile time).
export const reviewReplyStatusValues = [
  'scheduled',
  'drafted',
  'approved',
  'posted',
  'discarded',
  'failed',
] as const;
export const reviewReplySourceValues = ['ai', 'template', 'staff'] as const;
export const reviewReplyLanguageValues = ['en', 'es', 'tr'] as const;

// One public reply per review: scheduled at import, drafted after the clinic's
// delay, then edited, approved (and posted) or discarded by staff. The row is the outbox: a job
// drafts what is scheduled and due, however often it runs.
export const reviewReplies = pgTable(
  'review_replies',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    reviewId: text('review_id').notNull(),
    status: text('status').notNull().default('scheduled'),
    /** The current text (null until drafted). */
    text: text('text'),
    /** The text as the writer drafted it, kept when staff edit. */
    draftedText: text('drafted_text'),
    source: text('source'),
    language: text('language'),
    /** Why the AI draft was not used (not configured, provider error, rejected by the check). */
    draftNote: text('draft_note'),
    draftDueAt: timestamp('draft_due_at', { withTimezone: true }).notNull(),
    draftedAt: timestamp('drafted_at', { withTimezone: true }),
    editedByUserId: text('edited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    approvedByUserId: text('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    discardedByUserId: text('discarded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postAttempts: integer('post_attempts').notNull().default(0),
    /** The provider's answer when posting failed (no secrets). */
    providerError: text('provider_error'),
    /** Its kind (unauthorized, rate_limited...), which the screen words in the reader's language. */
    providerErrorKind: text('provider_error_kind'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.clinicId, t.reviewId],
      foreignColumns: [reviews.clinicId, reviews.id],
    }).onDelete('cascade'),
    uniqueIndex('review_replies_review_key').on(t.clinicId, t.reviewId),
    check('review_replies_status_check', oneOf(t.status, reviewReplyStatusValues)),
    check(
      'review_replies_source_check',
      sql`${t.source} is null or ${oneOf(t.source, reviewReplySourceValues)}`,
    ),
    check(
      'review_replies_provider_error_kind_check',
      sql`${t.providerErrorKind} is null or ${oneOf(t.providerErrorKind, reviewReplyFailureKinds)}`,
    ),
    check(
      'review_replies_language_check',
      sql`${t.language} is null or ${oneOf(t.language, reviewReplyLanguageValues)}`,
    ),
    check(
      'review_replies_text_check',
      sql`${t.status} in ('scheduled', 'discarded') or ${t.text} is not null`,
    ),
    // The sweep that drafts what a lost job left behind reads only scheduled rows.
    index('review_replies_due_idx').on(t.draftDueAt).where(sql`${t.status} = 'scheduled'`),
  ],
);
