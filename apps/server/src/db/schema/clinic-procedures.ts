import { sql } from 'drizzle-orm';
import { check, foreignKey, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';

// A clinic's procedure list beyond the seven every clinic starts with (those need no row): its own
// procedures, and a default one it renamed or archived. `key` is what patients.procedure stores
// and never changes; the names per language are how staff read it (domain clinic-procedures.ts).
export const clinicProcedures = pgTable(
  'clinic_procedures',
  {
    clinicId: text('clinic_id').notNull(),
    key: text('key').notNull(),
    nameEn: text('name_en'),
    nameEs: text('name_es'),
    nameTr: text('name_tr'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.key] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    check('clinic_procedures_key_check', sql`length(trim(${t.key})) > 0`),
  ],
);
