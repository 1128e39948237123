import type { MessageEventData, WebhookEvent } from './webhook-events.service';

// The message events' data, the same wherever a message changes (the outbox, a provider's status
// callback, the sweep of stopped workers' claims).

type MessageRef = { id: string; patientId: string; channel: string | null; kind: string | null };

const messageData = (message: MessageRef): MessageEventData => ({
  message_id: message.id,
  patient_id: message.patientId,
  channel: message.channel,
  kind: message.kind,
});

// A provider's words may quote the patient's number ("Unreachable destination handset +34...");
// receivers read patient details through /api/v1. Provider codes (5 digits) stay.
const phoneNumber = /\+?\d[\d\s().-]{5,}\d/g;

const maskPhoneNumbers = (text: string) => text.replace(phoneNumber, '[number]');

export const messageStatusEvent = (
  type: 'message.sent' | 'message.delivered',
  message: MessageRef,
): WebhookEvent => ({ type, data: messageData(message) });

export const messageFailedEvent = (
  message: MessageRef,
  failure: { reason: string; error: string | null },
): WebhookEvent => ({
  type: 'message.failed',
  data: {
    ...messageData(message),
    reason: failure.reason,
    error: failure.error === null ? null : maskPhoneNumbers(failure.error),
  },
});
