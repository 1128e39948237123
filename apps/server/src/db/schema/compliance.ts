import { retentionDaysRange } from '@careloop/domain/compliance';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { clinics } from './clinics';

const daysInRange = (column: AnyPgColumn) =>
  sql`${column} is null or ${column} between ${sql.raw(String(retentionDaysRange.min))} and ${sql.raw(String(retentionDaysRange.max))}`;

// A clinic's data retention (Enterprise Compliance): how long sent messages and inbound message
// logs, and resolved or closed cases, are kept; null keeps them. Applied by `apply-data-retention`
// at 2 AM, which records when it last ran for the clinic and what it removed.
export const clinicDataRetention = pgTable(
  'clinic_data_retention',
  {
    clinicId: text('clinic_id').notNull(),
    messagesDays: integer('messages_days'),
    resolvedCasesDays: integer('resolved_cases_days'),
    updatedByUserId: text('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastAppliedAt: timestamp('last_applied_at', { withTimezone: true }),
    lastRemoved: jsonb('last_removed'),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    check('clinic_data_retention_messages_days_check', daysInRange(t.messagesDays)),
    check('clinic_data_retention_resolved_cases_days_check', daysInRange(t.resolvedCasesDays)),
  ],
);

// A request for a Business Associate Agreement (HIPAA), mailed to sales like the leads.
export const baaRequests = pgTable(
  'baa_requests',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    requestedByUserId: text('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    legalEntityName: text('legal_entity_name').notNull(),
    signatoryName: text('signatory_name').notNull(),
    signatoryTitle: text('signatory_title').notNull(),
    signatoryEmail: text('signatory_email').notNull(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    index('baa_requests_clinic_created_idx').on(t.clinicId, t.createdAt.desc()),
  ],
);
