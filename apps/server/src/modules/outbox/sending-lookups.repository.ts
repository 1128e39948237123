import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  clinicAutomationConfigs,
  clinics,
  messageTemplates,
  patientCommunications,
  patients,
  webhookLogs,
} from '../../db/schema';

// What the sender reads besides its own rows: the patient and clinic as they are now, the clinic's
// templates, the patient's last WhatsApp message, and one message for the test endpoint.
export type MessagePatient = {
  name: string;
  phone: string | null;
  email: string | null;
  procedure: string | null;
  procedureDate: Date | null;
  language: string | null;
  smsOptedOut: boolean;
  whatsappOptedOut: boolean;
  hasMarketingConsent: boolean;
};

/** The patient as they are now: opt-outs and consent are read again at send time. */
export async function findMessagePatient(
  db: Database,
  clinicId: string,
  patientId: string,
): Promise<MessagePatient | null> {
  const rows = await db
    .select({
      name: patients.name,
      phone: patients.phone,
      email: patients.email,
      procedure: patients.procedure,
      procedureDate: patients.procedureDate,
      language: patients.language,
      smsOptedOut: sql<boolean>`${patients.smsOptedOutAt} is not null`,
      whatsappOptedOut: sql<boolean>`${patients.whatsappOptedOutAt} is not null`,
      hasMarketingConsent: sql<boolean>`coalesce(${patients.marketingConsent} = 'granted', false)`,
    })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)))
    .limit(1);
  return rows[0] ?? null;
}

export type SendingClinic = {
  clinicId: string;
  name: string;
  brandTone: string;
  defaultLanguage: string;
  sandboxMode: string;
  /** IANA zone: the quiet hours are local to it. */
  timeZone: string;
  /** The plan: its monthly allowance decides which messages are billed as overage. */
  subscriptionTier: string;
  config: typeof clinicAutomationConfigs.$inferSelect | null;
};

/** The clinic's name, tone, language, sandbox mode, time zone and automation configuration. */
export async function findSendingClinic(db: Database, clinicId: string): Promise<SendingClinic | null> {
  const rows = await db
    .select({
      clinicId: clinics.id,
      name: clinics.name,
      brandTone: clinics.brandTone,
      defaultLanguage: clinics.defaultLanguage,
      sandboxMode: clinics.sandboxMode,
      timeZone: clinics.timeZone,
      subscriptionTier: clinics.subscriptionTier,
      config: clinicAutomationConfigs,
    })
    .from(clinics)
    .leftJoin(clinicAutomationConfigs, eq(clinicAutomationConfigs.clinicId, clinics.id))
    .where(eq(clinics.id, clinicId))
    .limit(1);
  return rows[0] ?? null;
}

export type ClinicTemplate = {
  body: string;
  category: string | null;
  language: string;
  templateType: string;
};

/** The clinic's templates in one category (any channel type, any language). */
export async function findClinicTemplates(
  db: Database,
  clinicId: string,
  category: string,
): Promise<ClinicTemplate[]> {
  return db
    .select({
      body: messageTemplates.templateBody,
      category: messageTemplates.category,
      language: messageTemplates.language,
      templateType: messageTemplates.templateType,
    })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.clinicId, clinicId), eq(messageTemplates.category, category)))
    .orderBy(messageTemplates.createdAt);
}

/** When the patient last wrote on WhatsApp (opens the 24-hour window), or null. */
export async function findLastWhatsAppInbound(
  db: Database,
  clinicId: string,
  patientId: string,
): Promise<Date | null> {
  const rows = await db
    .select({ at: webhookLogs.receivedAt })
    .from(webhookLogs)
    .where(
      and(
        eq(webhookLogs.clinicId, clinicId),
        eq(webhookLogs.patientId, patientId),
        eq(webhookLogs.provider, 'whatsapp'),
        eq(webhookLogs.webhookType, 'inbound_message'),
      ),
    )
    .orderBy(desc(webhookLogs.receivedAt))
    .limit(1);
  return rows[0]?.at ?? null;
}

export type OutboxRow = typeof patientCommunications.$inferSelect;

/** One message of the clinic. */
export async function findMessage(db: Database, clinicId: string, id: string): Promise<OutboxRow | null> {
  const rows = await db
    .select()
    .from(patientCommunications)
    .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, id)))
    .limit(1);
  return rows[0] ?? null;
}
