import { qaCaseIds, qaNotesMaxLength } from '@careloop/domain/qa-cases';
import { z } from 'zod';

/** One QA case's saved state for the clinic; a case never touched reads as not completed. */
export const qaCaseStateSchema = z.object({
  id: z.enum(qaCaseIds),
  completed: z.boolean(),
  testedAt: z.string().nullable(),
  /** Who ticked it: their name, else the part of their e-mail before the @. */
  testedBy: z.string().nullable(),
  notes: z.string(),
});
export type QaCaseState = z.infer<typeof qaCaseStateSchema>;

export const testingChecklistResponseSchema = z.object({ cases: z.array(qaCaseStateSchema) });
export type TestingChecklistResponse = z.infer<typeof testingChecklistResponseSchema>;

export const qaCaseParamsSchema = z.object({ testId: z.enum(qaCaseIds) });

/** Either or both; a field left out keeps its value. */
export const updateQaCaseBodySchema = z
  .object({
    completed: z.boolean().optional(),
    notes: z.string().max(qaNotesMaxLength).optional(),
  })
  .refine((body) => body.completed !== undefined || body.notes !== undefined, {
    message: 'Send completed or notes',
  });
export type UpdateQaCaseBody = z.infer<typeof updateQaCaseBodySchema>;
