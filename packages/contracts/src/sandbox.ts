import { z } from 'zod';

/** Sandbox mode ("Try it first"): whether this server offers it, and whether the clinic is in it. */
export const sandboxModeStateSchema = z.object({ available: z.boolean(), sandboxMode: z.boolean() });
export type SandboxModeState = z.infer<typeof sandboxModeStateSchema>;

export const switchSandboxModeBodySchema = z.object({ enabled: z.boolean() }).strict();
export type SwitchSandboxModeBody = z.infer<typeof switchSandboxModeBodySchema>;

/** What the switch did: leaving removes the credentials saved for the fakes and fails queued messages. */
export const switchSandboxModeResponseSchema = sandboxModeStateSchema.extend({
  changed: z.boolean(),
  removedCredentials: z.number().int(),
  cancelledMessages: z.number().int(),
});
export type SwitchSandboxModeResponse = z.infer<typeof switchSandboxModeResponseSchema>;

/**
 * The secrets a clinic in sandbox mode checks its inbound webhooks with (its own, random): for its
 * own fakes and simulators to sign with. Owners and admins only.
 */
export const sandboxWebhookSecretsSchema = z.object({
  whatsAppAppSecret: z.string(),
  whatsAppVerifyToken: z.string(),
  twilioAuthToken: z.string(),
  vonageSignatureSecret: z.string(),
});
export type SandboxWebhookSecrets = z.infer<typeof sandboxWebhookSecretsSchema>;

/**
 * The provider fakes' own test values, offered in one click by the wizard and Settings while the
 * clinic is in sandbox mode: they open only the fakes, so they are no secret.
 */
export const sandboxTestCredentialsSchema = z.object({
  whatsapp: z.object({ accessToken: z.string(), phoneNumberId: z.string() }),
  sms: z.object({
    provider: z.literal('twilio'),
    accountSid: z.string(),
    authToken: z.string(),
    fromNumber: z.string(),
  }),
});
export type SandboxTestCredentials = z.infer<typeof sandboxTestCredentialsSchema>;

/** "Add sample reviews": posted on the clinic's sandbox Trustpilot page, connected, synced. */
export const sampleReviewsResponseSchema = z.object({ posted: z.number().int(), imported: z.number().int() });
export type SampleReviewsResponse = z.infer<typeof sampleReviewsResponseSchema>;
