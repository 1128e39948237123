import { z } from 'zod';

/**
 * POST /api/conversations/simulate-reply (sandbox clinics, owners and admins): the clinic's sandbox
 * provider sends a signed inbound webhook to this server as if the patient had replied.
 */
export const simulateReplyBodySchema = z.object({
  patientId: z.string().trim().min(1, 'Patient is required').max(100),
  channel: z.enum(['sms', 'whatsapp'], 'Channel must be sms or whatsapp'),
  text: z
    .string()
    .refine((value) => value.trim().length > 0, 'Reply text is required')
    .refine((value) => value.length <= 1600, 'Reply text must be at most 1600 characters'),
});
export type SimulateReplyBody = z.infer<typeof simulateReplyBodySchema>;

export const simulateReplyResponseSchema = z.object({
  /** The sandbox provider that delivered it: whatsapp, or the clinic's SMS provider. */
  provider: z.enum(['whatsapp', 'twilio', 'vonage']),
  providerMessageId: z.string(),
  /** What this server's webhook answered. */
  webhookStatus: z.number().int(),
});
export type SimulateReplyResponse = z.infer<typeof simulateReplyResponseSchema>;
