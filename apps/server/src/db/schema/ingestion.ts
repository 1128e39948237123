import { reviewSyncErrorCodes } from '@careloop/contracts/dashboard';
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
import { oneOf } from './check';
import { clinics } from './clinics';
import { patients } from './patients';
import { reviewProviders, reviews } from './reviews';

const crossSellStatuses = ['open', 'messaged', 'dismissed'] as const;

// A rating of 4 or 5 from a matched patient, for the messaging side to act on.
// One per review: the unique key makes re-runs and concurrent runs record it once.
export const crossSellOpportunities = pgTable(
  'cross_sell_opportunities',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    reviewId: text('review_id').notNull(),
    patientId: text('patient_id').notNull(),
    status: text('status').notNull().default('open'),
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
    foreignKey({
      columns: [t.clinicId, t.patientId],
      foreignColumns: [patients.clinicId, patients.id],
    }).onDelete('cascade'),
    uniqueIndex('cross_sell_opportunities_review_key').on(t.clinicId, t.reviewId),
    check('cross_sell_opportunities_status_check', oneOf(t.status, crossSellStatuses)),
    index('cross_sell_opportunities_clinic_status_idx').on(t.clinicId, t.status, t.createdAt.desc()),
  ],
);

// The outcome of the latest sync of each review source: the dashboard calls
// Review Monitoring active only when the last attempt succeeded. One row per clinic and provider,
// overwritten by every attempt; `failing_since` keeps the first failure of an unbroken run.
export const reviewSourceSyncs = pgTable(
  'review_source_syncs',
  {
    clinicId: text('clinic_id').notNull(),
    provider: text('provider').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    lastErrorCode: text('last_error_code'),
    lastImportedCount: integer('last_imported_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.provider] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    check('review_source_syncs_provider_check', oneOf(t.provider, reviewProviders)),
    check('review_source_syncs_error_code_check', oneOf(t.lastErrorCode, reviewSyncErrorCodes)),
  ],
);
