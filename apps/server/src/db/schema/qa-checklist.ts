import { qaCaseIds } from '@careloop/domain/qa-cases';
import { boolean, check, foreignKey, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import { clinics } from './clinics';

// The Testing Checklist's saved state (spec 2 §2): one row per clinic and QA case, written when a
// member ticks a case or saves notes. A case without a row is not completed and has no notes.
export const qaCaseResults = pgTable(
  'qa_case_results',
  {
    clinicId: text('clinic_id').notNull(),
    caseId: text('case_id').notNull(),
    completed: boolean('completed').notNull().default(false),
    testedAt: timestamp('tested_at', { withTimezone: true }),
    testedByUserId: text('tested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.caseId] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    check('qa_case_results_case_check', oneOf(t.caseId, qaCaseIds)),
  ],
);
