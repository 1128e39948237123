import { z } from 'zod';

/** Conversations (spec 2 §2): 20 per page in both lists (spec 2 §9). */
export const conversationPageSize = 20;

export const conversationChannels = ['sms', 'whatsapp'] as const;
export type ConversationChannel = (typeof conversationChannels)[number];
/** A sent message's channel: a survey may also go by e-mail. */
export const sentMessageChannels = [...conversationChannels, 'email'] as const;

export const conversationListQuerySchema = z.object({
  /**
   * Case-insensitive search: sent messages by patient name, phone or content; received messages
   * by phone or content (spec 2 §5).
   */
  q: z.string().trim().max(200).optional(),
  /** Left out: all messages. */
  channel: z.enum(conversationChannels, 'Channel must be sms or whatsapp').optional(),
  /** Only this patient's messages (404 when the patient is not the clinic's). */
  patientId: z.string().trim().min(1).max(100).optional(),
  cursor: z.string().max(300).optional(),
});
export type ConversationListQuery = z.input<typeof conversationListQuerySchema>;

/** A message of the outbox (`patient_communications`), newest first by sent time (queued: created). */
export const sentMessageSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  /** Null when the patient is no longer known: shown as 'Unknown Patient'. */
  patientName: z.string().nullable(),
  patientPhone: z.string().nullable(),
  channel: z.enum(sentMessageChannels),
  /** followup, crosssell, test, reply, consent or survey. */
  kind: z.string(),
  content: z.string(),
  /** queued, sending, sent, delivered, read or failed. */
  deliveryStatus: z.string(),
  /** The provider's code and reason when the message failed. */
  failureReason: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  responseReceived: z.boolean(),
  responseContent: z.string().nullable(),
  /** A survey's answer (score 0-10, optional comment, when first answered); null otherwise or unanswered. */
  surveyAnswer: z
    .object({ score: z.number().int(), comment: z.string().nullable(), answeredAt: z.string() })
    .nullable(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const sentMessageListResponseSchema = z.object({
  messages: z.array(sentMessageSchema),
  nextCursor: z.string().nullable(),
});
export type SentMessageListResponse = z.infer<typeof sentMessageListResponseSchema>;

/** An inbound message (`webhook_logs`, type inbound_message), newest first. */
export const receivedMessageSchema = z.object({
  id: z.string(),
  /** whatsapp, or the SMS provider that delivered it (twilio, vonage, aws_sns). */
  provider: z.string(),
  channel: z.enum(conversationChannels),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  patientPhone: z.string().nullable(),
  content: z.string().nullable(),
  receivedAt: z.string(),
});
export type ReceivedMessage = z.infer<typeof receivedMessageSchema>;

export const receivedMessageListResponseSchema = z.object({
  messages: z.array(receivedMessageSchema),
  nextCursor: z.string().nullable(),
});
export type ReceivedMessageListResponse = z.infer<typeof receivedMessageListResponseSchema>;
