import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import { clinics } from './clinics';

const digestDeliveryStatuses = ['sending', 'sent', 'failed'] as const;

// The Daily Digest: one row per clinic, clinic-local day and recipient, written
// (status 'sending') before the mail goes. The primary key is the claim: a second worker, a retried
// job or a restarted process finds the row and sends nothing, so nobody gets a day's digest twice.
export const dailyDigestDeliveries = pgTable(
  'daily_digest_deliveries',
  {
    clinicId: text('clinic_id').notNull(),
    /** The clinic-local calendar day the digest is for (sent at 08:00 of it). */
    digestDate: date('digest_date', { mode: 'string' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('sending'),
    language: text('language').notNull(),
    /** Why the mail transport refused it (no address or content here). */
    error: text('error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.digestDate, t.userId] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    check('daily_digest_deliveries_status_check', oneOf(t.status, digestDeliveryStatuses)),
    check('daily_digest_deliveries_sent_check', sql`${t.status} <> 'sent' or ${t.sentAt} is not null`),
    index('daily_digest_deliveries_clinic_sent_idx').on(t.clinicId, t.sentAt.desc()),
  ],
);
