import { z } from 'zod';

/** A reviewer name staff tied to a patient by confirming or reassigning a review's match. */
export const patientAliasSchema = z.object({
  id: z.string(),
  alias: z.string(),
  reviewId: z.string().nullable(),
  createdAt: z.string(),
});
export type PatientAlias = z.infer<typeof patientAliasSchema>;

export const patientAliasListSchema = z.object({ items: z.array(patientAliasSchema) });
export type PatientAliasList = z.infer<typeof patientAliasListSchema>;

export const patientAliasParamsSchema = z.object({
  id: z.string().min(1).max(100),
  aliasId: z.string().min(1).max(100),
});
