import type { ReplySentiment } from '@careloop/domain/messaging/reply-classification';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recomputePatientRisk } from '../../db/patient-risk';
import { alerts, patientCommunications, patients, webhookLogs } from '../../db/schema';

export type InboundChannel = 'sms' | 'whatsapp';
export type WebhookProvider = 'twilio' | 'whatsapp' | 'vonage';

export type InboundPatient = {
  id: string;
  name: string;
  phone: string | null;
  language: string | null;
  smsOptedOutAt: Date | null;
  whatsappOptedOutAt: Date | null;
};

const patientColumns = {
  id: patients.id,
  name: patients.name,
  phone: patients.phone,
  language: patients.language,
  smsOptedOutAt: patients.smsOptedOutAt,
  whatsappOptedOutAt: patients.whatsappOptedOutAt,
};

/**
 * The clinic's patient with this E.164 phone. When several share it (a family phone), the one
 * last written to wins, then the newest.
 */
export async function findPatientByPhone(
  db: Database,
  clinicId: string,
  phone: string,
): Promise<InboundPatient | null> {
  const lastSent = sql`(select max(${patientCommunications.sentAt}) from ${patientCommunications}
    where ${patientCommunications.clinicId} = ${patients.clinicId} and ${patientCommunications.patientId} = ${patients.id})`;
  const rows = await db
    .select(patientColumns)
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.phone, phone)))
    .orderBy(sql`${lastSent} desc nulls last`, desc(patients.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function findPatient(
  db: Database,
  clinicId: string,
  patientId: string,
): Promise<InboundPatient | null> {
  const rows = await db
    .select(patientColumns)
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Stores an inbound message once: the unique (clinic, provider, provider message id) index makes
 * a redelivery insert nothing. True when this call stored it.
 */
export async function insertWebhookLog(
  db: Database,
  row: {
    id: string;
    clinicId: string;
    provider: WebhookProvider;
    providerMessageId: string;
    patientId: string | null;
    patientPhone: string;
    messageContent: string | null;
    receivedAt: Date;
    sentiment: ReplySentiment | null;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(webhookLogs)
    .values({ ...row, webhookType: 'inbound_message' })
    .onConflictDoNothing()
    .returning({ id: webhookLogs.id });
  return inserted.length > 0;
}

/**
 * The message a reply answers: the one it quotes (WhatsApp context), else the patient's latest
 * message sent on that channel.
 */
export async function findAnsweredMessageId(
  db: Database,
  clinicId: string,
  patientId: string,
  channel: InboundChannel,
  quotedProviderMessageId: string | null,
): Promise<string | null> {
  if (quotedProviderMessageId) {
    const quoted = await db
      .select({ id: patientCommunications.id })
      .from(patientCommunications)
      .where(
        and(
          eq(patientCommunications.clinicId, clinicId),
          eq(patientCommunications.patientId, patientId),
          eq(patientCommunications.providerMessageId, quotedProviderMessageId),
        ),
      )
      .limit(1);
    if (quoted[0]) return quoted[0].id;
  }
  const latest = await db
    .select({ id: patientCommunications.id })
    .from(patientCommunications)
    .where(
      and(
        eq(patientCommunications.clinicId, clinicId),
        eq(patientCommunications.patientId, patientId),
        eq(patientCommunications.channel, channel),
        isNotNull(patientCommunications.sentAt),
      ),
    )
    .orderBy(desc(patientCommunications.sentAt), desc(patientCommunications.id))
    .limit(1);
  return latest[0]?.id ?? null;
}

/** Records the reply on the message it answers (a later reply replaces an earlier one). */
export async function recordResponse(db: Database, clinicId: string, messageId: string, content: string) {
  const rows = await db
    .update(patientCommunications)
    .set({ responseReceived: true, responseContent: content, updatedAt: sql`now()` })
    .where(and(eq(patientCommunications.clinicId, clinicId), eq(patientCommunications.id, messageId)))
    .returning({ patientId: patientCommunications.patientId });
  // A reply ends the patient's silence.
  await recomputePatientRisk(db, clinicId, rows[0]?.patientId);
}

export async function insertAlert(
  db: Database,
  row: {
    id: string;
    clinicId: string;
    patientId: string;
    severity: 'high' | 'medium' | 'low';
    kind: 'negative_reply' | 'clinical_reply';
    message: string;
    createdAt: Date;
  },
) {
  await db.insert(alerts).values({ ...row, status: 'active' });
  await recomputePatientRisk(db, row.clinicId, row.patientId);
}

// Delivery states in order; `failed` ends a message and only replaces a state before delivery.
const statusRank = sql`case ${patientCommunications.deliveryStatus}
  when 'queued' then 0 when 'sending' then 1 when 'sent' then 2 when 'delivered' then 3 when 'read' then 4 else 5 end`;
const rankOf: Record<string, number> = { queued: 0, sending: 1, sent: 2, delivered: 3, read: 4, failed: 3 };

// The start of the outbox's "outcome unknown" reasons (outboxReasons.unknownOutcome / noAnswer):
// such a row is `failed` only because we could not tell; the provider's word replaces it.
const outcomeUnknownPrefix = 'Outcome unknown:';

/**
 * Moves a sent message (found by the provider's id, within the clinic) to a further state, never
 * back: `read` after `delivered`, not the reverse; `failed` is final, except a failure that only
 * means "outcome unknown" (the worker stopped during the provider call): any status the provider
 * reports replaces it. Such a row never learned the provider's id, so the callback finds it by our
 * own id (`ourMessageId`, echoed by the provider) and the provider's id is stored then. The
 * message when it changed, else null.
 */
export async function advanceDeliveryStatus(
  db: Database,
  clinicId: string,
  providerMessageId: string,
  status: 'sending' | 'sent' | 'delivered' | 'read' | 'failed',
  providerError: string | null,
  options: { ourMessageId?: string | null } = {},
) {
  const rank = rankOf[status] ?? 0;
  const outcomeUnknown = sql`(${patientCommunications.deliveryStatus} = 'failed' and ${patientCommunications.providerError} like ${`${outcomeUnknownPrefix}%`})`;
  const ours = options.ourMessageId;
  const rows = await db
    .update(patientCommunications)
    .set({
      deliveryStatus: status,
      providerMessageId: sql`coalesce(${patientCommunications.providerMessageId}, ${providerMessageId})`,
      providerError:
        status === 'failed'
          ? providerError
          : sql`case when ${outcomeUnknown} then null else ${patientCommunications.providerError} end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(patientCommunications.clinicId, clinicId),
        ours
          ? sql`(${patientCommunications.providerMessageId} = ${providerMessageId} or (${patientCommunications.id} = ${ours} and ${patientCommunications.providerMessageId} is null))`
          : eq(patientCommunications.providerMessageId, providerMessageId),
        sql`(${statusRank} < ${rank} or (${outcomeUnknown} and ${status !== 'sending'}))`,
      ),
    )
    .returning({
      id: patientCommunications.id,
      patientId: patientCommunications.patientId,
      channel: patientCommunications.channel,
      kind: patientCommunications.kind,
    });
  if (rows[0] && status === 'failed') await recomputePatientRisk(db, clinicId, rows[0].patientId);
  return rows[0] ?? null;
}

/** The patient a delivery receipt names (the message's patient), for opt-outs the provider reports. */
export async function findPatientIdByProviderMessage(
  db: Database,
  clinicId: string,
  providerMessageId: string,
): Promise<string | null> {
  const rows = await db
    .select({ patientId: patientCommunications.patientId })
    .from(patientCommunications)
    .where(
      and(
        eq(patientCommunications.clinicId, clinicId),
        eq(patientCommunications.providerMessageId, providerMessageId),
      ),
    )
    .limit(1);
  return rows[0]?.patientId ?? null;
}

/** The opt-out confirmation, kept with the patient's other messages (kind `consent`). */
/** A consent confirmation about to go to the provider (`sending`), before its call. */
export async function insertSendingConfirmation(
  db: Database,
  row: { id: string; clinicId: string; patientId: string; channel: InboundChannel; messageContent: string },
) {
  await db
    .insert(patientCommunications)
    .values({ ...row, kind: 'consent', deliveryStatus: 'sending', attempts: 1 });
}

/**
 * The provider's answer to a consent confirmation: sent with its id, or failed with its reason. A
 * status callback that came first (it names our id) has moved the row on already: its status stays,
 * and the provider's id and the send time are filled in.
 */
export async function recordConfirmationOutcome(
  db: Database,
  outcome: {
    id: string;
    clinicId: string;
    providerMessageId: string | null;
    providerError: string | null;
    now: Date;
  },
) {
  const sent = outcome.providerError === null;
  await db
    .update(patientCommunications)
    .set({
      deliveryStatus: sql`case when ${patientCommunications.deliveryStatus} = 'sending' then ${sent ? 'sent' : 'failed'} else ${patientCommunications.deliveryStatus} end`,
      providerMessageId: sql`coalesce(${patientCommunications.providerMessageId}, ${outcome.providerMessageId})`,
      providerError: sent ? patientCommunications.providerError : outcome.providerError,
      sentAt: sent ? outcome.now : null,
      updatedAt: outcome.now,
    })
    .where(
      and(eq(patientCommunications.clinicId, outcome.clinicId), eq(patientCommunications.id, outcome.id)),
    );
}
