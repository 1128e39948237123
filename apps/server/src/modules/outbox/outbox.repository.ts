import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { recomputePatientRisk } from '../../db/patient-risk';
import { clinics, patientCommunications } from '../../db/schema';

// The outbox's SQL. A row moves queued -> sending (claimed: attempts + 1, the claim's
// number is its token) -> in flight (sent_at set, still 'sending': the provider call may have
// happened) -> sent | failed. Every write after the claim names the token, so a worker whose claim
// was taken back and handed to another can no longer change the row.

export type ClaimedMessage = {
  clinicId: string;
  id: string;
  patientId: string;
  channel: string;
  fallbackChannel: string | null;
  kind: string;
  scheduleDay: number | null;
  language: string | null;
  isMarketing: boolean;
  /** The claim's token: the row's `attempts` after this claim. */
  attempts: number;
  /** The text written for it on an earlier try, sent again as it is. */
  written: WrittenText | null;
};

export type WrittenText = { text: string; source: 'ai' | 'template' };

type ClaimedRow = {
  clinic_id: string;
  id: string;
  patient_id: string;
  channel: string;
  fallback_channel: string | null;
  kind: string;
  schedule_day: number | null;
  language: string | null;
  is_marketing: boolean;
  attempts: number;
  written_text: string | null;
  written_source: string | null;
};

const toClaimed = (row: ClaimedRow): ClaimedMessage => ({
  clinicId: row.clinic_id,
  id: row.id,
  patientId: row.patient_id,
  channel: row.channel,
  fallbackChannel: row.fallback_channel,
  kind: row.kind,
  scheduleDay: row.schedule_day,
  language: row.language,
  isMarketing: row.is_marketing,
  attempts: Number(row.attempts),
  written:
    row.written_text !== null && (row.written_source === 'ai' || row.written_source === 'template')
      ? { text: row.written_text, source: row.written_source }
      : null,
});

/**
 * Claims up to `limit` queued messages whose time has come (every clinic: the worker's sweep),
 * oldest first. `FOR UPDATE SKIP LOCKED`: two workers never claim the same row, and neither waits
 * for the other. The claim time is `updated_at`.
 */
export async function claimDueMessages(
  db: Database,
  options: { now: Date; limit: number } & SweepScope,
): Promise<ClaimedMessage[]> {
  const rows = await executeRows<ClaimedRow>(
    db,
    sql`
    update ${patientCommunications} as pc
    set delivery_status = 'sending', attempts = pc.attempts + 1, updated_at = ${options.now}
    from (
      select clinic_id, id from ${patientCommunications}
      where delivery_status = 'queued' and scheduled_at <= ${options.now}
        ${onlyClinics(options)}
      order by scheduled_at
      limit ${options.limit}
      for update skip locked
    ) as due
    where pc.clinic_id = due.clinic_id and pc.id = due.id
    returning pc.clinic_id, pc.id, pc.patient_id, pc.channel, pc.fallback_channel, pc.kind,
      pc.schedule_day, pc.language, pc.is_marketing, pc.attempts, pc.written_text, pc.written_source
  `,
  );
  return rows.map(toClaimed);
}

/**
 * Limits a sweep to some clinics (one clinic's run, a test's or a benchmark's own clinics). A sweep
 * on the real clock leaves out clinics on the sandbox clock: their messages are scheduled and
 * claimed at sandbox instants, which the real clock would read as long due or long stale.
 */
export const onlyClinics = (scope: SweepScope) => {
  const listed = scope.clinicIds
    ? sql`and clinic_id = any(${sql.param([...scope.clinicIds])}::text[])`
    : sql``;
  const clock =
    scope.clock === 'sandbox'
      ? sql``
      : sql`and clinic_id not in (select ${clinics.id} from ${clinics} where ${clinics.sandboxClock})`;
  return sql`${listed} ${clock}`;
};

/** Which clinics a sweep serves, and on whose clock it runs (default: the real one). */
export type SweepScope = { clinicIds?: readonly string[]; clock?: 'real' | 'sandbox' };

export type Claim = { clinicId: string; id: string; attempts: number };

const ownClaim = (claim: Claim) =>
  and(
    eq(patientCommunications.clinicId, claim.clinicId),
    eq(patientCommunications.id, claim.id),
    eq(patientCommunications.attempts, claim.attempts),
  );

/**
 * The idempotency marker, committed before the provider call: the text, the channel and
 * `sent_at`. Only while the claim is still this worker's and nothing was handed over yet; false
 * means the claim was lost (recovered as stale and perhaps sent by another worker): do not send.
 */
export async function markInFlight(
  db: Database,
  claim: Claim,
  values: {
    channel: string;
    messageContent: string;
    providerError: string | null;
    now: Date;
    /**
     * The patient's consent as it is at this very statement: not opted out of the channel (and
     * marketing consent granted for an offer). A STOP that arrived while the text was being
     * written stops the send here; one that arrives after this commit meets a message in flight.
     */
    consent?: { channel: 'sms' | 'whatsapp'; marketing: boolean };
  },
): Promise<'marked' | 'lost_claim' | 'consent_withdrawn'> {
  const { consent } = values;
  const stillConsented = consent
    ? sql`exists (select 1 from patients p where p.clinic_id = ${patientCommunications.clinicId}
        and p.id = ${patientCommunications.patientId}
        and ${sql.raw(consent.channel === 'sms' ? 'p.sms_opted_out_at' : 'p.whatsapp_opted_out_at')} is null
        ${consent.marketing ? sql`and p.marketing_consent = 'granted'` : sql``})`
    : undefined;
  const rows = await db
    .update(patientCommunications)
    .set({
      channel: values.channel,
      messageContent: values.messageContent,
      providerError: values.providerError,
      sentAt: values.now,
      updatedAt: values.now,
    })
    .where(
      and(
        ownClaim(claim),
        eq(patientCommunications.deliveryStatus, 'sending'),
        isNull(patientCommunications.sentAt),
        stillConsented,
      ),
    )
    .returning({ id: patientCommunications.id });
  if (rows.length === 1) return 'marked';
  if (!consent) return 'lost_claim';
  // Not marked: the claim was taken back, or the consent went while the text was written.
  const ours = await db
    .select({ id: patientCommunications.id })
    .from(patientCommunications)
    .where(
      and(
        ownClaim(claim),
        eq(patientCommunications.deliveryStatus, 'sending'),
        isNull(patientCommunications.sentAt),
      ),
    );
  return ours.length === 1 ? 'consent_withdrawn' : 'lost_claim';
}

/**
 * The text written for the message, stored before any provider call (only while the claim is ours
 * and nothing was handed over): a later try or the SMS fallback sends these words, and the AI is
 * not asked again.
 */
export async function storeWrittenText(db: Database, claim: Claim, written: WrittenText, now: Date) {
  await db
    .update(patientCommunications)
    .set({ writtenText: written.text, writtenSource: written.source, updatedAt: now })
    .where(
      and(
        ownClaim(claim),
        eq(patientCommunications.deliveryStatus, 'sending'),
        isNull(patientCommunications.sentAt),
      ),
    );
}

/**
 * Back to the queue, unsent, for a later instant that is not the provider's fault (the clinic's
 * sending window, the patient's one message a day, a provider's rate limit): the claim is given
 * back (`attempts` - 1), so moving a message never uses up its tries. The local date it goes out on
 * follows.
 */
export async function deferClaim(
  db: Database,
  claim: Claim,
  values: { scheduledAt: Date; sendDate: string; note: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(patientCommunications)
    .set({
      deliveryStatus: 'queued',
      attempts: sql`${patientCommunications.attempts} - 1`,
      sentAt: null,
      scheduledAt: values.scheduledAt,
      sendDate: values.sendDate,
      providerError: values.note,
      updatedAt: values.now,
    })
    .where(and(ownClaim(claim), eq(patientCommunications.deliveryStatus, 'sending')))
    .returning({ id: patientCommunications.id });
  return rows.length === 1;
}

/**
 * Hands a message the worker is about to send by another channel (the WhatsApp -> SMS fallback)
 * back to "not handed over": allowed only because the provider answered that it took nothing.
 */
export async function clearInFlight(db: Database, claim: Claim, now: Date): Promise<void> {
  await db
    .update(patientCommunications)
    .set({ sentAt: null, updatedAt: now })
    .where(and(ownClaim(claim), eq(patientCommunications.deliveryStatus, 'sending')));
}

/**
 * The provider's answer. Also over a 'failed' written by the stale sweep while this worker was
 * still waiting on the provider: the provider's answer is the truth (the reconciliation).
 */
export async function recordSent(
  db: Database,
  claim: Claim,
  values: { providerMessageId: string; providerError: string | null; billedAsOverage: boolean; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(patientCommunications)
    .set({
      deliveryStatus: 'sent',
      providerMessageId: values.providerMessageId,
      providerError: values.providerError,
      billedAsOverage: values.billedAsOverage,
      updatedAt: values.now,
    })
    .where(and(ownClaim(claim), sql`${patientCommunications.deliveryStatus} in ('sending', 'failed')`))
    .returning({ id: patientCommunications.id });
  return rows.length > 0;
}

/** A final failure, visible with its reason (the provider's code and words, or ours). */
export async function recordFailed(
  db: Database,
  claim: Claim,
  values: { providerError: string; now: Date; channel?: string; messageContent?: string },
): Promise<void> {
  const rows = await db
    .update(patientCommunications)
    .set({
      deliveryStatus: 'failed',
      providerError: values.providerError,
      updatedAt: values.now,
      ...(values.channel ? { channel: values.channel } : {}),
      ...(values.messageContent !== undefined ? { messageContent: values.messageContent } : {}),
    })
    .where(and(ownClaim(claim), sql`${patientCommunications.deliveryStatus} in ('sending', 'failed')`))
    .returning({ clinicId: patientCommunications.clinicId, patientId: patientCommunications.patientId });
  if (rows[0]) await recomputePatientRisk(db, rows[0].clinicId, rows[0].patientId);
}

/**
 * Back to the queue for a later try (the provider refused it for now: 429/5xx after the client's
 * own retries). Nothing was handed over, so `sent_at` is cleared.
 */
export async function requeueLater(
  db: Database,
  claim: Claim,
  values: { scheduledAt: Date; providerError: string; now: Date },
): Promise<void> {
  await db
    .update(patientCommunications)
    .set({
      deliveryStatus: 'queued',
      sentAt: null,
      scheduledAt: values.scheduledAt,
      providerError: values.providerError,
      updatedAt: values.now,
    })
    .where(and(ownClaim(claim), eq(patientCommunications.deliveryStatus, 'sending')));
}

export type NewTestMessage = {
  id: string;
  patientId: string;
  channel: string;
  fallbackChannel: string | null;
  language: string;
  isMarketing: boolean;
  now: Date;
};

/** A Test Messaging send: written already claimed (attempts 1), and sent at once by the caller. */
export async function insertClaimedTestMessage(
  db: Database,
  clinicId: string,
  message: NewTestMessage,
): Promise<ClaimedMessage> {
  await db.insert(patientCommunications).values({
    clinicId,
    id: message.id,
    patientId: message.patientId,
    channel: message.channel,
    fallbackChannel: message.fallbackChannel,
    kind: 'test',
    messageContent: '',
    deliveryStatus: 'sending',
    attempts: 1,
    scheduledAt: message.now,
    language: message.language,
    isMarketing: message.isMarketing,
    createdAt: message.now,
    updatedAt: message.now,
  });
  return {
    clinicId,
    id: message.id,
    patientId: message.patientId,
    channel: message.channel,
    fallbackChannel: message.fallbackChannel,
    kind: 'test',
    scheduleDay: null,
    language: message.language,
    isMarketing: message.isMarketing,
    attempts: 1,
    written: null,
  };
}
