import type { WebhookEventType } from '@careloop/contracts/webhooks';
import type { Database } from '../../db/client';
import { newId } from '../../lib/ids';
import { insertDeliveries } from './webhook-deliveries.repository';

/**
 * Each event's `data`, as receivers get it. `review.created` and `patient.matched` are spec 3 §3's
 * (review_id, platform, rating; patient_id, review_id, confidence 0-1); the others are thin on
 * purpose (ids and states, no patient details: the receiver reads those through /api/v1).
 */
/** The message events' common data: ids and kinds, no patient details. */
export type MessageEventData = {
  message_id: string;
  patient_id: string;
  channel: string | null;
  /** followup, crosssell, test... */
  kind: string | null;
};

type WebhookEventData = {
  'review.created': { review_id: string; platform: string; rating: number };
  'patient.matched': { patient_id: string; review_id: string; confidence: number };
  'case.created': {
    case_id: string;
    source: string;
    severity: string;
    patient_id: string | null;
    review_id: string | null;
  };
  'case.resolved': { case_id: string; resolved_at: string };
  /** The provider took the message (its own status callbacks may follow). */
  'message.sent': MessageEventData;
  /** The provider says it reached the patient's phone. */
  'message.delivered': MessageEventData;
  'message.failed': MessageEventData & {
    /**
     * Why, as a code: ours (`opted_out`, `no_phone`, `no_channel`, `no_marketing_consent`,
     * `check_failed`, `patient_gone`, `clinic_gone`, `no_answer`, `unknown_outcome`) or
     * `provider_error` (the provider refused it or could not deliver it).
     */
    reason: string;
    /** The reason in words, the provider's code included; phone numbers masked. */
    error: string | null;
  };
  'consent.changed': {
    patient_id: string;
    /** sms, whatsapp (opt-out state) or marketing (consent to offers). */
    channel: 'sms' | 'whatsapp' | 'marketing';
    status: 'opted_in' | 'opted_out';
    source: string;
  };
  /** A patient answered (or, within 24 hours, changed) a survey; the comment stays in CareLoop. */
  'survey.answered': { survey_id: string; patient_id: string; score: number; changed: boolean };
};

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
