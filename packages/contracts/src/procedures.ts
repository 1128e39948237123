import { z } from 'zod';

const procedureName = z.string().trim().max(100).nullish();

/** A procedure of the clinic's list: the key patients store, its names, archived or in use. */
export const procedureSchema = z.object({
  key: z.string(),
  names: z.object({ en: z.string().nullable(), es: z.string().nullable(), tr: z.string().nullable() }),
  archived: z.boolean(),
  builtIn: z.boolean(),
});
export type ProcedureView = z.infer<typeof procedureSchema>;

export const procedureListResponseSchema = z.object({ procedures: z.array(procedureSchema) });
export type ProcedureListResponse = z.infer<typeof procedureListResponseSchema>;

/** A procedure of the clinic's own; its name in the clinic's language (else the first given) becomes its key. */
export const createProcedureBodySchema = z.strictObject({
  names: z.strictObject({ en: procedureName, es: procedureName, tr: procedureName }),
});
export type CreateProcedureBody = z.infer<typeof createProcedureBodySchema>;

/** Rename (a name left out stays; null or '' clears it) or archive / bring back. */
export const updateProcedureBodySchema = z.strictObject({
  names: z.strictObject({ en: procedureName, es: procedureName, tr: procedureName }).optional(),
  archived: z.boolean().optional(),
});
export type UpdateProcedureBody = z.infer<typeof updateProcedureBodySchema>;

export const procedureKeyParamsSchema = z.object({ key: z.string().min(1).max(100) });
