import type { Database } from '../../db/client';
import { emitWebhookEvents } from '../webhooks/webhook-events.service';
import { optOutPatientAndNumber } from './consent.repository';
import type { InboundChannel } from './inbound.repository';

/**
 * A provider says the patient's number opted out of a channel (a status callback, or a send refused
 * for it): the opt-out, source `provider`, of every patient on that number (the provider blocks the
 * number, not a record), and a consent.changed webhook for each, together, and only where it changed
 * (an earlier opt-out keeps its own time and source). The inbound module owns the patients' opt-out
 * columns; the outbox records what a send learns through here.
 */
export async function recordProviderOptOut(
  db: Database,
  clinicId: string,
  patientId: string,
  channel: InboundChannel,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await optOutPatientAndNumber(tx, clinicId, patientId, channel, 'provider', at);
    if (changed.length === 0) return;
    await emitWebhookEvents(
      tx,
      clinicId,
      changed.map((id) => ({
        type: 'consent.changed' as const,
        data: { patient_id: id, channel, status: 'opted_out', source: 'provider' },
      })),
      at,
    );
  });
}
