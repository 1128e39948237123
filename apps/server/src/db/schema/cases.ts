import { caseTitleKinds } from '@careloop/domain/case-title';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import { clinics } from './clinics';
import { patients } from './patients';

const caseSources = ['alert', 'review', 'manual', 'survey'] as const;
const severities = ['high', 'medium', 'low'] as const;
const caseStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;

export const alerts = pgTable(
  'alerts',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    patientId: text('patient_id'),
    /** The patient's procedure, kept equal to it by triggers (analytics reads it without the patient). */
    patientProcedure: text('patient_procedure'),
    severity: text('severity').notNull(),
    kind: text('kind').notNull().default('negative_reply'),
    message: text('message'),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.patientId], foreignColumns: [patients.clinicId, patients.id] }),
    check('alerts_severity_check', oneOf(t.severity, severities)),
    check('alerts_status_check', oneOf(t.status, ['active', 'resolved'])),
    index('alerts_clinic_status_idx').on(t.clinicId, t.status, t.createdAt.desc()),
    // A patient's alerts (their procedure followed on a change); recovery's reply alerts of a window.
    index('alerts_clinic_patient_idx').on(t.clinicId, t.patientId),
    index('alerts_clinic_reply_created_idx')
      .on(t.clinicId, t.createdAt)
      .where(sql`${t.kind} in ('negative_reply', 'clinical_reply')`),
  ],
);

export const cases = pgTable(
  'cases',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    source: text('source').notNull(),
    sourceId: text('source_id'),
    patientId: text('patient_id'),
    /** The patient's procedure, kept equal to it by triggers (analytics reads it without the patient). */
    patientProcedure: text('patient_procedure'),
    /** Staff's words, or (a raised case) its English wording: the stable form exports and logs read. */
    title: text('title').notNull(),
    /** What raised the case (domain case-title.ts), worded in the reader's language; null: `title` as typed. */
    titleKind: text('title_kind'),
    titleParams: jsonb('title_params'),
    description: text('description'),
    severity: text('severity').notNull(),
    status: text('status').notNull().default('open'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.clinicId, t.patientId], foreignColumns: [patients.clinicId, patients.id] }),
    check('cases_source_check', oneOf(t.source, caseSources)),
    check('cases_severity_check', oneOf(t.severity, severities)),
    check('cases_status_check', oneOf(t.status, caseStatuses)),
    check('cases_title_kind_check', sql`${t.titleKind} is null or ${oneOf(t.titleKind, caseTitleKinds)}`),
    check('cases_resolved_at_check', sql`${t.status} <> 'resolved' or ${t.resolvedAt} is not null`),
    // At most one open (unresolved) case per source record, e.g. per review.
    uniqueIndex('cases_open_source_key')
      .on(t.clinicId, t.source, t.sourceId)
      .where(sql`${t.sourceId} is not null and ${t.status} in ('open', 'in_progress')`),
    index('cases_clinic_created_idx').on(t.clinicId, t.createdAt.desc().nullsFirst(), t.id),
    index('cases_clinic_status_idx').on(t.clinicId, t.status, t.createdAt.desc().nullsFirst(), t.id),
    index('cases_clinic_patient_idx').on(t.clinicId, t.patientId),
    // The dashboard's cases resolved per week: a range of resolution times.
    index('cases_clinic_resolved_idx').on(t.clinicId, t.resolvedAt).where(sql`${t.resolvedAt} is not null`),
    // Overdue: unfinished cases by due time (the summary counts those due before now).
    index('cases_clinic_unfinished_due_idx')
      .on(t.clinicId, t.dueAt)
      .where(sql`${t.status} not in ('resolved', 'closed')`),
  ],
);

export const caseNotes = pgTable(
  'case_notes',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    caseId: text('case_id').notNull(),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId, t.caseId], foreignColumns: [cases.clinicId, cases.id] }).onDelete(
      'cascade',
    ),
    index('case_notes_case_idx').on(t.clinicId, t.caseId, t.createdAt),
  ],
);
