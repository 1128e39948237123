import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './check';
import { clinics } from './clinics';
import { patients } from './patients';
import { reviews } from './reviews';

export const crossSellStatuses = ['open', 'messaged', 'dismissed'] as const;

// A rating of 4 or 5 from a matched patient (issue 4 item 3), for the messaging side to act on.
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
