import { caseActions, caseSeverities, caseSources, caseStatuses } from '@careloop/domain/case-rules';
import { directionControlTextMessage, hasDirectionControl } from '@careloop/domain/direction-controls';
import { z } from 'zod';
import { clinicRoleSchema } from './me';

export const caseSeveritySchema = z.enum(caseSeverities);
export const caseStatusSchema = z.enum(caseStatuses);

const personSchema = z.object({ id: z.string(), name: z.string() });

/** A case as the Action Queue lists it, with the patient's and the owner's names joined in. */
export const caseSchema = z.object({
  id: z.string(),
  source: z.enum(caseSources),
  sourceId: z.string().nullable(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  severity: caseSeveritySchema,
  status: caseStatusSchema,
  dueAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  owner: personSchema.nullable(),
});
export type Case = z.infer<typeof caseSchema>;

export const caseNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  author: personSchema.nullable(),
});
export type CaseNote = z.infer<typeof caseNoteSchema>;

export const caseDetailSchema = caseSchema.extend({ notes: z.array(caseNoteSchema) });
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseStatusFilters = ['all', 'open', 'in_progress', 'resolved'] as const;
export type CaseStatusFilter = (typeof caseStatusFilters)[number];

export const caseListQuerySchema = z.object({
  status: z.enum(caseStatusFilters).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(300).optional(),
});
export type CaseListQuery = z.input<typeof caseListQuerySchema>;

export const caseListResponseSchema = z.object({
  cases: z.array(caseSchema),
  nextCursor: z.string().nullable(),
});
export type CaseListResponse = z.infer<typeof caseListResponseSchema>;

export const caseSummarySchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  overdue: z.number().int(),
  highPriority: z.number().int(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const caseIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Trimmed readable text: no direction controls (they would disguise what staff read). */
const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasDirectionControl(value), directionControlTextMessage.message);

export const createCaseBodySchema = z.object({
  title: trimmed(200).min(1, 'Title is required'),
  description: trimmed(5000)
    .optional()
    .nullable()
    .transform((v) => v || null),
  severity: caseSeveritySchema.default('medium'),
  patientId: z.string().min(1).max(100).optional().nullable(),
  dueAt: z.iso.datetime({ offset: true }).optional().nullable(),
});
export type CreateCaseBody = z.input<typeof createCaseBodySchema>;

export const updateCaseBodySchema = z
  .object({
    action: z.enum(caseActions).optional(),
    /** A member of the same clinic, or null to clear the owner. */
    ownerUserId: z.string().min(1).max(100).nullable().optional(),
  })
  .refine((body) => body.action !== undefined || body.ownerUserId !== undefined, {
    message: 'Give an action or an owner',
  });
export type UpdateCaseBody = z.input<typeof updateCaseBodySchema>;

export const createCaseNoteBodySchema = z.object({
  body: trimmed(5000).min(1, 'Note is required'),
});
export type CreateCaseNoteBody = z.input<typeof createCaseNoteBodySchema>;

export const clinicMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: clinicRoleSchema,
});
export type ClinicMember = z.infer<typeof clinicMemberSchema>;

export const clinicMembersResponseSchema = z.object({ members: z.array(clinicMemberSchema) });
export type ClinicMembersResponse = z.infer<typeof clinicMembersResponseSchema>;
