import { foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clinics } from './clinics';
import { patients } from './patients';

// Reviewer names staff tied to a patient by confirming or reassigning a review's match. The
// matching engine gives them high weight for later reviews of the same clinic
// (packages/domain/src/matching, `MatchPatient.aliases`). `alias_key` is the name normalised as
// the engine compares it (`aliasKey`): one row per clinic, patient and normalised name.
export const patientAliases = pgTable(
  'patient_aliases',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    patientId: text('patient_id').notNull(),
    alias: text('alias').notNull(),
    aliasKey: text('alias_key').notNull(),
    reviewId: text('review_id'),
    createdByUserId: text('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.clinicId, t.patientId],
      foreignColumns: [patients.clinicId, patients.id],
    }).onDelete('cascade'),
    uniqueIndex('patient_aliases_patient_key').on(t.clinicId, t.patientId, t.aliasKey),
  ],
);
