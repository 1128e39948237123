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
