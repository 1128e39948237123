import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './check';
import { clinics } from './clinics';
import { patients } from './patients';

const surveyChannels = ['sms', 'whatsapp', 'email'] as const;

/** A clinic's patient-survey settings; no row means surveys are off with the defaults. */
export const clinicSurveySettings = pgTable(
  'clinic_survey_settings',
  {
    clinicId: text('clinic_id')
      .primaryKey()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    dayAfterProcedure: integer('day_after_procedure').notNull().default(3),
    channel: text('channel').notNull().default('sms'),
    googleReviewUrl: text('google_review_url'),
    trustpilotReviewUrl: text('trustpilot_review_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('survey_settings_day_check', sql`${t.dayAfterProcedure} between 1 and 60`),
    check('survey_settings_channel_check', oneOf(t.channel, surveyChannels)),
  ],
);

/**
 * One survey per patient per procedure. The link's token is never stored: only its SHA-256, so a
 * read of this table cannot answer anyone's survey.
 */
export const surveyRequests = pgTable(
  'survey_requests',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    patientId: text('patient_id').notNull(),
    /** The procedure surveyed, as recorded on the patient ('' when none was recorded). */
    procedure: text('procedure').notNull().default(''),
    procedureDate: timestamp('procedure_date', { withTimezone: true }).notNull(),
    channel: text('channel').notNull(),
    language: text('language').notNull(),
    /** Hex SHA-256 of the link's random token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the message left; the link works from then until expires_at. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** First answer; the answer may be replaced until 24 hours after it. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    score: integer('score'),
    comment: text('comment'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.clinicId, t.patientId],
      foreignColumns: [patients.clinicId, patients.id],
    }).onDelete('cascade'),
    check('survey_requests_channel_check', oneOf(t.channel, surveyChannels)),
    check('survey_requests_score_check', sql`${t.score} is null or ${t.score} between 0 and 10`),
    check('survey_requests_answer_check', sql`(${t.answeredAt} is null) = (${t.score} is null)`),
    check('survey_requests_comment_check', sql`${t.comment} is null or char_length(${t.comment}) <= 1000`),
    uniqueIndex('survey_requests_token_hash_key').on(t.tokenHash),
    uniqueIndex('survey_requests_patient_procedure_key').on(
      t.clinicId,
      t.patientId,
      t.procedure,
      t.procedureDate,
    ),
    index('survey_requests_clinic_answered_idx').on(t.clinicId, t.answeredAt.desc()),
    // Analytics: the requests sent in a period (the survey response rate).
    index('survey_requests_clinic_sent_idx').on(t.clinicId, t.sentAt),
  ],
);
