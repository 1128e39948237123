import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './check';
import { clinics } from './clinics';

const smsProviders = ['twilio', 'aws_sns', 'vonage'] as const;
export const messageChannels = ['sms', 'whatsapp'] as const;
const templateCategories = ['post_op_care', 'review_request', 'appointment_reminder'] as const;

export const clinicAutomationConfigs = pgTable(
  'clinic_automation_configs',
  {
    clinicId: text('clinic_id')
      .primaryKey()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    whatsappEnabled: boolean('whatsapp_enabled').notNull().default(false),
    whatsappSecretName: text('whatsapp_secret_name'),
    whatsappPhoneNumberId: text('whatsapp_phone_number_id'),
    /** The clinic's approved template outside the 24-hour window; null: careloop_follow_up. */
    whatsappTemplateName: text('whatsapp_template_name'),
    /** Its registered language code (es_ES); null: the message's language. */
    whatsappTemplateLanguage: text('whatsapp_template_language'),
    smsEnabled: boolean('sms_enabled').notNull().default(true),
    smsSecretName: text('sms_secret_name'),
    smsProvider: text('sms_provider').notNull().default('twilio'),
    smsFromNumber: text('sms_from_number'),
    defaultChannel: text('default_channel').notNull().default('sms'),
    followupSchedule: jsonb('followup_schedule')
      .notNull()
      .default(sql`'{"1":true,"3":true,"7":true,"14":true,"30":false}'::jsonb`),
    crosssellEnabled: boolean('crosssell_enabled').notNull().default(true),
    crosssellDelayDays: integer('crosssell_delay_days').notNull().default(30),
    // Automated messages go out between these clinic-local times ('HH:MM', from inclusive).
    quietHoursFrom: text('quiet_hours_from').notNull().default('09:00'),
    quietHoursUntil: text('quiet_hours_until').notNull().default('20:00'),
    aiReviewResponseEnabled: boolean('ai_review_response_enabled').notNull().default(false),
    aiReviewResponseThreshold: integer('ai_review_response_threshold').notNull().default(3),
    aiReviewResponseDelayHours: integer('ai_review_response_delay_hours').notNull().default(2),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('automation_sms_provider_check', oneOf(t.smsProvider, smsProviders)),
    check('automation_default_channel_check', oneOf(t.defaultChannel, messageChannels)),
    check('automation_crosssell_delay_check', sql`${t.crosssellDelayDays} between 1 and 365`),
    check(
      'automation_quiet_hours_check',
      sql`${t.quietHoursFrom} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.quietHoursUntil} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.quietHoursFrom} < ${t.quietHoursUntil}`,
    ),
    check('automation_ai_threshold_check', sql`${t.aiReviewResponseThreshold} between 1 and 3`),
    check('automation_ai_delay_check', sql`${t.aiReviewResponseDelayHours} in (1, 2, 4, 8, 24)`),
  ],
);

export const onboardingProgress = pgTable('onboarding_progress', {
  clinicId: text('clinic_id')
    .primaryKey()
    .references(() => clinics.id, { onDelete: 'cascade' }),
  stepCompleted: integer('step_completed').notNull().default(0),
  clinicProfileCompleted: boolean('clinic_profile_completed').notNull().default(false),
  whatsappSetupCompleted: boolean('whatsapp_setup_completed').notNull().default(false),
  smsSetupCompleted: boolean('sms_setup_completed').notNull().default(false),
  templatesSetupCompleted: boolean('templates_setup_completed').notNull().default(false),
  wizardCompleted: boolean('wizard_completed').notNull().default(false),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const messageTemplates = pgTable(
  'message_templates',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    templateName: text('template_name').notNull(),
    templateBody: text('template_body').notNull(),
    templateType: text('template_type').notNull().default('whatsapp'),
    category: text('category'),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    uniqueIndex('message_templates_name_key').on(t.clinicId, t.templateName, t.language),
    check('message_templates_type_check', oneOf(t.templateType, messageChannels)),
    check('message_templates_language_check', oneOf(t.language, ['en', 'es', 'tr'])),
    check(
      'message_templates_category_check',
      sql`${t.category} is null or ${oneOf(t.category, templateCategories)}`,
    ),
  ],
);
