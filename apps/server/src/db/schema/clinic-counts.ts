import { bigint, foreignKey, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';

/**
 * Kept counts of a clinic's patients, reviews and cases (by status, rating, match), so that the
 * dashboard and the summary cards read a few rows instead of counting whole tables. Kept by
 * statement-level triggers on those tables (migration 0023), exact in the same transaction as the
 * change; a clinic without a row has none of that kind. See ADR 009.
 */
export const clinicCounts = pgTable(
  'clinic_counts',
  {
    clinicId: text('clinic_id').notNull(),
    counter: text('counter').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.counter] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
  ],
);
