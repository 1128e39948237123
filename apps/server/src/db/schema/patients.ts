import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from './check';
import { clinics } from './clinics';

export const patientStatuses = ['active', 'completed', 'watch', 'red'] as const;

export const patients = pgTable(
  'patients',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    procedure: text('procedure'),
    status: text('status').notNull().default('active'),
    comment: text('comment'),
    language: text('language'),
    procedureDate: timestamp('procedure_date', { withTimezone: true }),
    lastCheck: timestamp('last_check', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    check('patients_status_check', oneOf(t.status, patientStatuses)),
    check('patients_name_check', sql`length(trim(${t.name})) > 0`),
    index('patients_clinic_created_idx').on(t.clinicId, t.createdAt.desc(), t.id),
    index('patients_clinic_phone_idx').on(t.clinicId, t.phone),
    index('patients_clinic_email_idx').on(t.clinicId, t.email),
  ],
);
