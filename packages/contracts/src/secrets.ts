import { z } from 'zod';

export const secretNameSchema = z
  .string()
  .min(1)
  .max(160)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, _ and - only');

export const saveSecretBodySchema = z.object({
  name: secretNameSchema,
  value: z.string().min(1, 'A value is required').max(8192),
});
export type SaveSecretBody = z.infer<typeof saveSecretBodySchema>;

/** What the API says of a secret: never its value. */
export const secretSummarySchema = z.object({ name: z.string(), updatedAt: z.string() });
export const secretListSchema = z.object({ secrets: z.array(secretSummarySchema) });
