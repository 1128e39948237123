import type { WebhookEventData } from '@careloop/contracts/webhook-events';
import type { WebhookEventType } from '@careloop/contracts/webhooks';
import type { Database } from '../../db/client';
import { newId } from '../../lib/ids';
import { insertDeliveries } from './webhook-deliveries.repository';

/** The message events' common data: ids and kinds, no patient details. */
export type MessageEventData = WebhookEventData['message.sent'];

export type WebhookEvent = {
  [Type in WebhookEventType]: { type: Type; data: WebhookEventData[Type] };
}[WebhookEventType];

/** The body every receiver gets (Standard Webhooks' recommended shape), minified once and sent as is. */
function webhookBody(event: WebhookEvent, at: Date): string {
  return JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: event.data });
}

/**
 * Queues events for the clinic's active endpoints subscribed to them. Call it with the transaction
 * of the change the events report (`tx`), so that they are delivered exactly when it commits.
 */
export async function emitWebhookEvents(
  tx: Database,
  clinicId: string,
  events: readonly WebhookEvent[],
  at: Date = new Date(),
): Promise<number> {
  return insertDeliveries(
    tx,
    clinicId,
    events.map((event) => ({ messageId: newId('msg', 24), type: event.type, body: webhookBody(event, at) })),
    at,
  );
}
