import { riskLevels } from '@careloop/domain/analytics/risk-levels';
import { appLanguages } from '@careloop/domain/clinic-locale';
import { consentSources, marketingConsentStates } from '@careloop/domain/consent';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { oneOf } from './check';
import { clinics } from './clinics';

const patientStatuses = ['active', 'completed', 'watch', 'red'] as const;

const sourceCheck = (column: AnyPgColumn) => sql`${column} is null or ${oneOf(column, consentSources)}`;

export const patients = pgTable(
  'patients',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    procedure: text('procedure'),
    /** An import's procedure text the clinic's list did not know; `procedure` is then "Other". */
    procedureOriginal: text('procedure_original'),
    status: text('status').notNull().default('active'),
    comment: text('comment'),
    language: text('language'),
    procedureDate: timestamp('procedure_date', { withTimezone: true }),
    lastCheck: timestamp('last_check', { withTimezone: true }),
    // Marketing (cross-sell) needs consent granted; the latest decision is kept with its time, source
    // and the staff member who recorded it (null for the patient's own reply or a provider's answer).
    // An opt-out holds for one channel.
    marketingConsent: text('marketing_consent'),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    marketingConsentSource: text('marketing_consent_source'),
    marketingConsentRecordedBy: text('marketing_consent_recorded_by'),
    smsOptedOutAt: timestamp('sms_opted_out_at', { withTimezone: true }),
    smsOptOutSource: text('sms_opt_out_source'),
    whatsappOptedOutAt: timestamp('whatsapp_opted_out_at', { withTimezone: true }),
    whatsappOptOutSource: text('whatsapp_opt_out_source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Kept on the patient, recomputed in the transaction of each event that changes a signal, so
    // the list filters and sorts by it without reading every patient's history.
    riskLevel: text('risk_level').notNull().default('low'),
    /** 0 low, 1 medium, 2 high: the list's risk order. */
    riskRank: smallint('risk_rank').notNull().default(0),
    riskReasons: text('risk_reasons').array().notNull().default(sql`'{}'::text[]`),
    /**
     * When the risk was last computed by the backfill or set at creation; null for patients created
     * before risk levels existed, whom the backfill job computes once (partial index below).
     */
    riskComputedAt: timestamp('risk_computed_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    check('patients_risk_level_check', oneOf(t.riskLevel, riskLevels)),
    check(
      'patients_risk_rank_check',
      sql`${t.riskRank} = case ${t.riskLevel} when 'high' then 2 when 'medium' then 1 else 0 end`,
    ),
    // The list by risk, highest first then newest; and the dashboard's count of patients at risk.
    index('patients_clinic_risk_idx').on(
      t.clinicId,
      t.riskRank.desc(),
      t.createdAt.desc().nullsFirst(),
      t.id,
    ),
    index('patients_risk_not_computed_idx').on(t.clinicId, t.id).where(sql`${t.riskComputedAt} is null`),
    // The complaint rate of a procedure among the clinic's patients.
    index('patients_clinic_procedure_idx').on(t.clinicId, t.procedure),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    check('patients_status_check', oneOf(t.status, patientStatuses)),
    check('patients_name_check', sql`length(trim(${t.name})) > 0`),
    // `.nullsFirst()`: `order by created_at desc` is NULLS FIRST; an index sorted otherwise cannot serve it.
    index('patients_clinic_created_idx').on(t.clinicId, t.createdAt.desc().nullsFirst(), t.id),
    index('patients_clinic_phone_idx').on(t.clinicId, t.phone),
    index('patients_clinic_email_idx').on(t.clinicId, t.email),
    index('patients_clinic_procedure_date_idx').on(t.clinicId, t.procedureDate),
    // Analytics: the opt-outs of a period (few patients ever opt out).
    index('patients_clinic_sms_opt_out_idx')
      .on(t.clinicId, t.smsOptedOutAt)
      .where(sql`${t.smsOptedOutAt} is not null`),
    index('patients_clinic_whatsapp_opt_out_idx')
      .on(t.clinicId, t.whatsappOptedOutAt)
      .where(sql`${t.whatsappOptedOutAt} is not null`),
    check('patients_marketing_consent_source_check', sourceCheck(t.marketingConsentSource)),
    check(
      'patients_marketing_consent_check',
      sql`(${t.marketingConsent} is null and ${t.marketingConsentAt} is null) or (${oneOf(t.marketingConsent, marketingConsentStates)} and ${t.marketingConsentAt} is not null and ${t.marketingConsentSource} is not null)`,
    ),
    check('patients_language_check', sql`${t.language} is null or ${oneOf(t.language, appLanguages)}`),
    check('patients_sms_opt_out_source_check', sourceCheck(t.smsOptOutSource)),
    check('patients_whatsapp_opt_out_source_check', sourceCheck(t.whatsappOptOutSource)),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A file for patient import, sent once: the preview reads it from here and the import refers to it
 * by id. Kept for a few minutes, for the member who uploaded it in their clinic only; in the
 * database (not the process) so that the preview and the import may reach different web processes.
 */
export const patientImportUploads = pgTable(
  'patient_import_uploads',
  {
    id: text('id').primaryKey(),
    clinicId: text('clinic_id')
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    fileName: text('file_name'),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('patient_import_uploads_expires_idx').on(t.expiresAt)],
);
