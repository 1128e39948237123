import { foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';

/**
 * Follow-ups counted per clinic, UTC quarter hour sent, channel and the patient's procedure ('' for
 * none), by what became of them: the analytics summary reads these instead of a million messages.
 * A quarter hour folds into the local days of any time zone, so a clinic changing its zone rebuilds
 * nothing. Kept by statement-level triggers on patient_communications and patients (the migration
 * that creates this table), exact in the same transaction as the change. See the ADR on kept
 * follow-up counts.
 */
export const followUpCounts = pgTable(
  'follow_up_counts',
  {
    clinicId: text('clinic_id').notNull(),
    quarter: timestamp('quarter', { withTimezone: true }).notNull(),
    channel: text('channel').notNull(),
    procedure: text('procedure').notNull(),
    sent: integer('sent').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    replied: integer('replied').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.quarter, t.channel, t.procedure] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
  ],
);
