import { z } from 'zod';

/**
 * GET /api/automation/webhooks (owners and admins): what Production Setup shows. The URLs are this
 * deployment's (under `PUBLIC_URL`) for the caller's clinic; no secret value is ever answered.
 */
export const webhookInfoSchema = z.object({
  urls: z.object({
    /** WhatsApp Cloud API callback URL: the GET verification handshake and the POST notifications. */
    whatsapp: z.string(),
    twilioInbound: z.string(),
    /** The StatusCallback our Twilio sends carry. */
    twilioStatus: z.string(),
    vonageInbound: z.string(),
    vonageDeliveryReceipt: z.string(),
  }),
  whatsappVerifyToken: z.object({
    /** The vault name the clinic saves its verify token under (Meta's "Verify token" field). */
    secretName: z.string(),
    /** Whether the clinic saved one (its value is never answered). */
    isSaved: z.boolean(),
    /**
     * A sandbox clinic without a saved token uses the sandbox demo's public token (it opens only the
     * fakes); null otherwise.
     */
    sandboxToken: z.string().nullable(),
  }),
  /** Whether follow-ups are written by an AI model (configured, or the sandbox's) or by templates. */
  aiModelConfigured: z.boolean(),
  sandboxMode: z.boolean(),
});
export type WebhookInfo = z.infer<typeof webhookInfoSchema>;
