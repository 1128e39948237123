import type { Database } from '../../db/client';
import { emitWebhookEvents } from '../webhooks/webhook-events.service';
import { type InboundChannel, optOut } from './inbound.repository';

/**
 * A provider says the patient opted out of a channel (a status callback, or a send refused for it):
 * the opt-out, source `provider`, and its consent.changed webhook, together, and only when it changed
 * (an earlier opt-out keeps its own time and source). The inbound module owns the patient's opt-out
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
    if (!(await optOut(tx, clinicId, patientId, channel, 'provider', at))) return;
    await emitWebhookEvents(
      tx,
      clinicId,
      [
        {
          type: 'consent.changed',
          data: { patient_id: patientId, channel, status: 'opted_out', source: 'provider' },
        },
      ],
      at,
    );
  });
}
