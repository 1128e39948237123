import { z } from 'zod';
import type { WebhookEventType } from './webhooks';

// What each webhook event's `data` holds, as receivers get it: the public API document lists these
// (its `webhooks`), "send test event" sends their examples. Thin on purpose: ids and states, no
// patient details (a receiver reads those through /api/v1 with its own token and scopes).

const messageEventData = z.object({
  message_id: z.string(),
  patient_id: z.string(),
  channel: z.string().nullable().meta({ description: 'sms, whatsapp or email' }),
  kind: z.string().nullable().meta({ description: 'followup, crosssell, survey, test...' }),
});

export const webhookEventDataSchemas = {
  'review.created': z.object({
    review_id: z.string(),
    platform: z.string().meta({ description: 'trustpilot or google' }),
    rating: z.number().int().min(1).max(5),
  }),
  'patient.matched': z.object({
    patient_id: z.string(),
    review_id: z.string(),
    confidence: z.number().min(0).max(1),
  }),
  'case.created': z.object({
    case_id: z.string(),
    source: z.string(),
    severity: z.string(),
    patient_id: z.string().nullable(),
    review_id: z.string().nullable(),
  }),
  'case.resolved': z.object({ case_id: z.string(), resolved_at: z.iso.datetime() }),
  'message.sent': messageEventData.meta({ description: 'The provider took the message.' }),
  'message.delivered': messageEventData.meta({
    description: "The provider says it reached the patient's phone.",
  }),
  'message.failed': messageEventData.extend({
    reason: z.string().meta({
      description:
        'opted_out, no_phone, no_channel, no_marketing_consent, check_failed, patient_gone, clinic_gone, no_answer, unknown_outcome or provider_error',
    }),
    error: z.string().nullable().meta({ description: "The reason in words (the provider's code included)." }),
  }),
  'consent.changed': z.object({
    patient_id: z.string(),
    channel: z.enum(['sms', 'whatsapp', 'marketing']),
    status: z.enum(['opted_in', 'opted_out']),
    source: z.string(),
  }),
  'survey.answered': z.object({
    survey_id: z.string(),
    patient_id: z.string(),
    score: z.number().int(),
    changed: z
      .boolean()
      .meta({ description: 'True when the patient changed an answer given within 24 hours.' }),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData = {
  [Type in WebhookEventType]: z.infer<(typeof webhookEventDataSchemas)[Type]>;
};

/** One example of each event's data: the document's examples and the test events settings send. */
export const webhookEventExamples: WebhookEventData = {
  'review.created': { review_id: 'rev_k3j9x0q2m1ab7c', platform: 'google', rating: 2 },
  'patient.matched': { patient_id: 'P-1768469400000', review_id: 'rev_k3j9x0q2m1ab7c', confidence: 0.92 },
  'case.created': {
    case_id: 'cas_9d2k1m0x8q7wz4',
    source: 'review',
    severity: 'high',
    patient_id: 'P-1768469400000',
    review_id: 'rev_k3j9x0q2m1ab7c',
  },
  'case.resolved': { case_id: 'cas_9d2k1m0x8q7wz4', resolved_at: '2026-03-02T10:15:00.000Z' },
  'message.sent': {
    message_id: 'msg_7x2m9q0d1k8zs4',
    patient_id: 'P-1768469400000',
    channel: 'sms',
    kind: 'followup',
  },
  'message.delivered': {
    message_id: 'msg_7x2m9q0d1k8zs4',
    patient_id: 'P-1768469400000',
    channel: 'sms',
    kind: 'followup',
  },
  'message.failed': {
    message_id: 'msg_7x2m9q0d1k8zs4',
    patient_id: 'P-1768469400000',
    channel: 'whatsapp',
    kind: 'followup',
    reason: 'provider_error',
    error: 'The provider refused the number (code 21211)',
  },
  'consent.changed': {
    patient_id: 'P-1768469400000',
    channel: 'sms',
    status: 'opted_out',
    source: 'patient_reply',
  },
  'survey.answered': {
    survey_id: 'msg_5t1c8v0n3r6ye2',
    patient_id: 'P-1768469400000',
    score: 9,
    changed: false,
  },
};

/** The body every endpoint receives (Standard Webhooks' recommended shape). */
export const webhookEventBodySchema = <Type extends WebhookEventType>(type: Type) =>
  z.object({
    type: z.literal(type),
    timestamp: z.iso.datetime(),
    data: webhookEventDataSchemas[type],
  });
