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
