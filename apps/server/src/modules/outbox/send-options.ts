import type { WrittenMessageType } from './message-writer';

// What a send of one claimed message is asked to do, and how it ended.

/** `deferred`: not sent now but moved, unfailed, to a later instant (window, daily cap). */
export type SendOutcome = 'sent' | 'failed' | 'requeued' | 'deferred' | 'unknown' | 'lost_claim';

/** Who wrote what was sent: the AI model, the clinic's template, or Meta's approved WhatsApp template. */
export type SentSource = 'ai' | 'template' | 'whatsapp_template';

/** Overrides of a Test Messaging send: what the tester typed instead of the patient's record. */
type TestOverrides = {
  messageType: WrittenMessageType;
  treatment: string;
  daysAfterTreatment: number;
  phone: string;
};

export type SendOptions = {
  now: () => Date;
  /** Queue a 429/5xx refusal again (the sweep); a test send reports it at once instead. */
  retryLater: boolean;
  test?: TestOverrides;
  /** Filled in with who wrote the text that was sent (the test endpoint reports it). */
  report?: { source?: SentSource };
};
