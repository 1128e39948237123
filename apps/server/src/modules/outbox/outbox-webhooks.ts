import type { Database } from '../../db/client';
import { messageFailedEvent, messageStatusEvent } from '../webhooks/message-events';
import { emitWebhookEvents } from '../webhooks/webhook-events.service';
import { type ClaimedMessage, recordFailed, recordSent, type SweepScope } from './outbox.repository';
import { outboxReasonCode } from './outbox-reasons';
import { recoverStaleClaims } from './outbox-recovery.repository';

/** The provider took a claimed message, and its message.sent webhook, in one transaction. */
export async function recordMessageSent(
  db: Database,
  message: ClaimedMessage,
  values: {
    channel: string;
    providerMessageId: string;
    providerError: string | null;
    billedAsOverage: boolean;
    now: Date;
  },
): Promise<void> {
  const claim = { clinicId: message.clinicId, id: message.id, attempts: message.attempts };
  await db.transaction(async (tx) => {
    if (!(await recordSent(tx, claim, values))) return;
    await emitWebhookEvents(
      tx,
      message.clinicId,
      [messageStatusEvent('message.sent', { ...message, channel: values.channel })],
      values.now,
    );
  });
}

/** A final failure of a claimed message and its message.failed webhook (with the reason), in one transaction. */
export async function recordMessageFailed(
  db: Database,
  message: ClaimedMessage,
  values: { providerError: string; now: Date; channel?: string; messageContent?: string },
): Promise<void> {
  const claim = { clinicId: message.clinicId, id: message.id, attempts: message.attempts };
  await db.transaction(async (tx) => {
    await recordFailed(tx, claim, values);
    await emitWebhookEvents(
      tx,
      message.clinicId,
      [
        messageFailedEvent(
          { ...message, channel: values.channel ?? message.channel },
          { reason: outboxReasonCode(values.providerError), error: values.providerError },
        ),
      ],
      values.now,
    );
  });
}

/**
 * Takes back stopped workers' claims; those marked failed "Outcome unknown" get their message.failed
 * webhooks in the same transaction (per clinic). A worker that comes back later may still record
 * the provider's answer, and a failure then is reported again under the same message_id.
 */
export async function recoverStaleClaimsWithWebhooks(
  db: Database,
  options: { staleBefore: Date; now: Date; unknownReason: string } & SweepScope,
): Promise<{ requeued: number; unknown: number }> {
  return db.transaction(async (tx) => {
    const recovered = await recoverStaleClaims(tx, options);
    const byClinic = new Map<string, typeof recovered.failed>();
    for (const message of recovered.failed)
      byClinic.set(message.clinicId, [...(byClinic.get(message.clinicId) ?? []), message]);
    for (const [clinicId, messages] of byClinic) {
      await emitWebhookEvents(
        tx,
        clinicId,
        messages.map((message) =>
          messageFailedEvent(message, { reason: 'unknown_outcome', error: options.unknownReason }),
        ),
        options.now,
      );
    }
    return { requeued: recovered.requeued, unknown: recovered.unknown };
  });
}
