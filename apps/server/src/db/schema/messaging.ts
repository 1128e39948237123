import { replySentiments } from '@careloop/domain/messaging/reply-classification';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { messageChannels } from './automation';
import { oneOf } from './check';
import { clinics } from './clinics';
import { patients } from './patients';

const deliveryStatuses = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed'] as const;
const messageKinds = ['followup', 'crosssell', 'test', 'reply', 'consent', 'survey'] as const;
// A survey may also go by e-mail; follow-ups, templates and fallbacks stay on SMS and WhatsApp.
const communicationChannels = [...messageChannels, 'email'] as const;
const messageLanguages = ['en', 'es', 'tr'] as const;

export const patientCommunications = pgTable(
  'patient_communications',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    patientId: text('patient_id').notNull(),
    channel: text('channel').notNull(),
    kind: text('kind').notNull().default('followup'),
    scheduleDay: integer('schedule_day'),
    messageContent: text('message_content').notNull(),
    deliveryStatus: text('delivery_status').notNull().default('queued'),
    providerMessageId: text('provider_message_id'),
    providerError: text('provider_error'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    responseReceived: boolean('response_received').notNull().default(false),
    responseContent: text('response_content'),
    // Outbox fields of a planned message (null for messages not planned by the scheduler).
    dedupeKey: text('dedupe_key'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    sendDate: date('send_date', { mode: 'string' }),
    language: text('language'),
    fallbackChannel: text('fallback_channel'),
    isMarketing: boolean('is_marketing').notNull().default(false),
    // The text written for this message (AI or template) and who wrote it, stored before the first
    // provider call: every retry and the WhatsApp -> SMS fallback send these same words.
    writtenText: text('written_text'),
    writtenSource: text('written_source'),
    // Sent past the plan's monthly allowance for its channel: billed at the overage rate (ADR 011).
    billedAsOverage: boolean('billed_as_overage').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({
      columns: [t.clinicId, t.patientId],
      foreignColumns: [patients.clinicId, patients.id],
    }).onDelete('cascade'),
    check('communications_channel_check', oneOf(t.channel, communicationChannels)),
    check('communications_kind_check', oneOf(t.kind, messageKinds)),
    check('communications_status_check', oneOf(t.deliveryStatus, deliveryStatuses)),
    check(
      'communications_fallback_channel_check',
      sql`${t.fallbackChannel} is null or ${oneOf(t.fallbackChannel, messageChannels)}`,
    ),
    check(
      'communications_written_source_check',
      sql`${t.writtenSource} is null or ${oneOf(t.writtenSource, ['ai', 'template'])}`,
    ),
    check(
      'communications_language_check',
      sql`${t.language} is null or ${oneOf(t.language, messageLanguages)}`,
    ),
    // Planning twice stores once: inserts use ON CONFLICT DO NOTHING on this key.
    uniqueIndex('communications_dedupe_key').on(t.clinicId, t.dedupeKey),
    // The sender's sweep: queued messages whose time has come.
    index('communications_queued_due_idx').on(t.scheduledAt).where(sql`${t.deliveryStatus} = 'queued'`),
    // Messages handed to a provider and not yet settled: the metrics count them at every scrape and
    // the recovery sweep looks for stale claims among them, without reading the sent history.
    index('communications_sending_idx').on(t.updatedAt).where(sql`${t.deliveryStatus} = 'sending'`),
    // A patient never gets the same scheduled message twice.
    uniqueIndex('communications_schedule_key')
      .on(t.clinicId, t.patientId, t.kind, t.scheduleDay)
      .where(sql`${t.scheduleDay} is not null`),
    index('communications_clinic_sent_idx').on(t.clinicId, t.sentAt.desc()),
    // Analytics: a period's follow-ups counted per channel, day and outcome from the index alone.
    index('communications_clinic_followup_outcome_idx')
      .on(t.clinicId, t.sentAt, t.channel, t.deliveryStatus, t.responseReceived, t.patientId)
      .where(sql`${t.kind} = 'followup' and ${t.sentAt} is not null`),
    // The Conversations "sent" list: newest first by sent time, a queued message by when it was planned.
    index('communications_clinic_sent_or_created_idx').on(
      t.clinicId,
      sql`coalesce(${t.sentAt}, ${t.createdAt}) desc`,
      t.id,
    ),
    // A patient's messages; with sent_at and kind, the first contact after a review is one probe.
    index('communications_clinic_patient_sent_idx').on(t.clinicId, t.patientId, t.sentAt, t.kind),
    index('communications_provider_msg_idx').on(t.providerMessageId),
    // The public status page: messages handed to a provider lately, across clinics.
    index('communications_sent_at_idx').on(t.sentAt).where(sql`${t.sentAt} is not null`),
  ],
);

export const webhookLogs = pgTable(
  'webhook_logs',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    webhookType: text('webhook_type').notNull(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    patientId: text('patient_id'),
    patientPhone: text('patient_phone'),
    messageContent: text('message_content'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** An inbound reply's reading: positive (thanks, contentment) or negative (an alert); null: neither. */
    sentiment: text('sentiment'),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    check(
      'webhook_logs_sentiment_check',
      sql`${t.sentiment} is null or ${oneOf(t.sentiment, replySentiments)}`,
    ),
    // Recovery reads a clinic's positive replies of a window.
    index('webhook_logs_clinic_positive_idx')
      .on(t.clinicId, t.receivedAt, t.patientId)
      .where(sql`${t.sentiment} = 'positive'`),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    check('webhook_logs_type_check', oneOf(t.webhookType, ['inbound_message', 'status_callback'])),
    check('webhook_logs_provider_check', oneOf(t.provider, ['twilio', 'whatsapp', 'vonage', 'aws_sns'])),
    uniqueIndex('webhook_logs_provider_msg_key')
      .on(t.clinicId, t.provider, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index('webhook_logs_clinic_received_idx').on(
      t.clinicId,
      t.webhookType,
      t.receivedAt.desc().nullsFirst(),
      t.id,
    ),
    index('webhook_logs_clinic_patient_idx').on(t.clinicId, t.patientId),
  ],
);

/**
 * A provider's "too many requests" for one clinic: no send of that clinic goes through that provider
 * (twilio, vonage, aws_sns, whatsapp) before `until`. `strikes`: 429s in a row, for the exponential
 * wait when the provider names none; a send that goes through clears them.
 */
export const providerBackoffs = pgTable(
  'provider_backoffs',
  {
    clinicId: text('clinic_id').notNull(),
    provider: text('provider').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    strikes: integer('strikes').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.provider] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
  ],
);
