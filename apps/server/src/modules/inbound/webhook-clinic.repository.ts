import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clinicAutomationConfigs, clinics, secrets } from '../../db/schema';
import type { SealedSecret } from '../../lib/secret-box';

// The clinic a webhook URL names, read before anything of the webhook is trusted.

export type WebhookClinic = {
  id: string;
  name: string;
  sandboxMode: string;
  defaultLanguage: string;
  whatsappPhoneNumberId: string | null;
  smsProvider: string | null;
  smsFromNumber: string | null;
};

const webhookClinicColumns = {
  id: clinics.id,
  name: clinics.name,
  sandboxMode: clinics.sandboxMode,
  defaultLanguage: clinics.defaultLanguage,
  whatsappPhoneNumberId: clinicAutomationConfigs.whatsappPhoneNumberId,
  smsProvider: clinicAutomationConfigs.smsProvider,
  smsFromNumber: clinicAutomationConfigs.smsFromNumber,
};

/** The clinic a webhook URL names, with what sending a confirmation needs; null when unknown. */
export async function findWebhookClinic(db: Database, clinicId: string): Promise<WebhookClinic | null> {
  const rows = await db
    .select(webhookClinicColumns)
    .from(clinics)
    .leftJoin(clinicAutomationConfigs, eq(clinicAutomationConfigs.clinicId, clinics.id))
    .where(eq(clinics.id, clinicId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The clinic as `findWebhookClinic` reads it, with its sealed secret of this name (null when not
 * saved) in the same statement: every signed webhook needs both, and a status callback (two a
 * message) read them in two round trips.
 */
export async function findWebhookClinicWithSecret(
  db: Database,
  clinicId: string,
  secretName: string,
): Promise<{ clinic: WebhookClinic; sealed: SealedSecret | null } | null> {
  const rows = await db
    .select({
      ...webhookClinicColumns,
      ciphertext: secrets.ciphertext,
      iv: secrets.iv,
      authTag: secrets.authTag,
    })
    .from(clinics)
    .leftJoin(clinicAutomationConfigs, eq(clinicAutomationConfigs.clinicId, clinics.id))
    .leftJoin(secrets, and(eq(secrets.clinicId, clinics.id), eq(secrets.name, secretName)))
    .where(eq(clinics.id, clinicId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { ciphertext, iv, authTag, ...clinic } = row;
  return {
    clinic,
    sealed: ciphertext !== null && iv !== null && authTag !== null ? { ciphertext, iv, authTag } : null,
  };
}
