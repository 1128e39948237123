import { z } from 'zod';

/**
 * The events a clinic's webhook endpoints may subscribe to. `review.created` and `patient.matched`
 * carry spec 3 §3's payloads; the others are ours.
 */
export const webhookEventTypes = [
  'review.created',
  'patient.matched',
  'case.created',
  'case.resolved',
  'message.sent',
  'message.delivered',
  'message.failed',
  'consent.changed',
  'survey.answered',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const webhookEventTypeSchema = z.enum(webhookEventTypes);

export const webhookEndpointStatuses = ['active', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];

export const webhookDeliveryStatuses = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** Why an endpoint stopped receiving: turned off by a member, its URL answered 410, or it kept failing. */
export const webhookDisabledReasons = ['manual', 'gone', 'failing'] as const;
export type WebhookDisabledReason = (typeof webhookDisabledReasons)[number];

const webhookUrl = z
  .string()
  .trim()
  .min(1, 'URL required')
  .max(2000)
  .refine((value) => URL.canParse(value), 'Enter a valid URL');

export const createWebhookEndpointBodySchema = z.object({
  url: webhookUrl,
  description: z.string().trim().max(200).optional(),
  events: z.array(webhookEventTypeSchema).min(1).max(webhookEventTypes.length),
});
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBodySchema>;

/** Fields left out keep their values; `enabled: true` turns a disabled endpoint back on. */
export const updateWebhookEndpointBodySchema = z.object({
  url: webhookUrl.optional(),
  description: z.string().trim().max(200).optional(),
  events: z.array(webhookEventTypeSchema).min(1).max(webhookEventTypes.length).optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.input<typeof updateWebhookEndpointBodySchema>;

/** An endpoint as settings list it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(webhookEventTypeSchema),
  status: z.enum(webhookEndpointStatuses),
  disabledReason: z.enum(webhookDisabledReasons).nullable(),
  disabledAt: z.string().nullable(),
  /** Since when every attempt failed (null: the latest attempt succeeded, or none yet). */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  /** After a secret rotation: until when deliveries are also signed with the replaced secret. */
  previousSecretExpiresAt: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListResponseSchema = z.object({
  items: z.array(webhookEndpointSchema),
  /** False below Professional (webhooks come with API access). */
  isAvailable: z.boolean(),
});
export type WebhookEndpointListResponse = z.infer<typeof webhookEndpointListResponseSchema>;

/** The answer to a creation: the only time the signing secret (`whsec_...`) is shown. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

/** "Send test event": the event whose example to send (else the endpoint's first subscribed one). */
export const sendWebhookTestBodySchema = z.object({ type: webhookEventTypeSchema.optional() }).strict();
export type SendWebhookTestBody = z.infer<typeof sendWebhookTestBodySchema>;

export const webhookEndpointIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const webhookDeliveryParamsSchema = z.object({
  id: z.string().min(1).max(100),
  deliveryId: z.string().min(1).max(100),
});

/** One attempt in an endpoint's delivery log. */
export const webhookDeliveryAttemptSchema = z.object({
  id: z.string(),
  deliveryId: z.string(),
  messageId: z.string(),
  eventType: webhookEventTypeSchema,
  attemptedAt: z.string(),
  /** The receiver's HTTP status; null when no answer came (timeout, refused, unreachable). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** Why the attempt failed without an answer, or that a redirect was not followed. */
  error: z.string().nullable(),
  isSuccess: z.boolean(),
  /** `test`: a sample event sent from settings, once. */
  trigger: z.enum(['scheduled', 'replay', 'test']),
});
export type WebhookDeliveryAttempt = z.infer<typeof webhookDeliveryAttemptSchema>;

/** A delivery (one event to one endpoint) and where its retries stand. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  messageId: z.string(),
  eventType: webhookEventTypeSchema,
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryLogResponseSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  attempts: z.array(webhookDeliveryAttemptSchema),
});
export type WebhookDeliveryLogResponse = z.infer<typeof webhookDeliveryLogResponseSchema>;
