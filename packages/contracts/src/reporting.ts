import { z } from 'zod';
import { isServerAuditAction } from './audit';

// Reports arrive from signed-out pages too: every field is bounded so a report cannot flood the tables.
const text = (max: number) => z.string().max(max);
const context = z.record(z.string().max(100), z.unknown()).optional();
const common = {
  url: text(2000).optional(),
  timestamp: z.iso.datetime({ offset: true }).optional(),
};

export const logErrorBodySchema = z.object({
  ...common,
  error_type: text(100).min(1),
  error_message: text(5000).optional(),
  error_stack: text(20000).optional(),
  component_stack: text(20000).optional(),
  user_agent: text(500).optional(),
  error_id: text(100).optional(),
  additional_context: context,
});
export type LogErrorBody = z.infer<typeof logErrorBodySchema>;

// Format and control characters (zero-width space and joiners, word joiner, byte-order mark, soft
// hyphen, direction controls...) are invisible: "login\u200b" reads as the server's "login" in the
// monitoring page while passing the reserved-name check. Action names are visible characters only.
const invisibleCharacter = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export const logUserActionBodySchema = z.object({
  ...common,
  action: text(100)
    .min(1)
    .refine((action) => !invisibleCharacter.test(action), 'Action names are visible characters only')
    .refine((action) => !isServerAuditAction(action), 'This action name is reserved for the audit trail'),
  context,
});
export type LogUserActionBody = z.infer<typeof logUserActionBodySchema>;

export const performanceMetricNames = [
  'page_load_time',
  'dom_content_loaded',
  'first_contentful_paint',
] as const;

// A page load's metrics come in one report: one request per page, not one per metric (a visitor
// opening pages quickly met the per-address limit at the 21st page with three requests a page).
export const logPerformanceBodySchema = z.object({
  ...common,
  metrics: z
    .array(z.object({ metric: text(100).min(1), value: z.number().finite().min(0).max(3_600_000) }))
    .min(1)
    .max(10),
  context,
});
export type LogPerformanceBody = z.infer<typeof logPerformanceBodySchema>;

export const acceptedResponseSchema = z.object({ accepted: z.literal(true) });

// The operators' view of what browsers reported (GET /api/admin/client-errors): every clinic's and
// the signed-out public pages', which belong to no clinic and would otherwise reach no one.
export const clientErrorSources = ['all', 'public', 'clinics'] as const;

export const clientErrorListQuerySchema = z.object({
  source: z.enum(clientErrorSources).default('all'),
  /** The id a user quoted from the error screen: that report only. */
  errorId: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || undefined),
  /** Not found pages are many and mostly visitors' typos: left out unless asked for. */
  includeNotFound: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ClientErrorListQuery = z.output<typeof clientErrorListQuerySchema>;

export const clientErrorSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  errorType: z.string(),
  /** The short id the error screen showed the user, to find their report when they quote it. */
  errorId: z.string().nullable(),
  message: z.string().nullable(),
  url: z.string().nullable(),
  /** Null for a signed-out page of the public site. */
  clinicId: z.string().nullable(),
  clinicName: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ClientError = z.infer<typeof clientErrorSchema>;

export const clientErrorListSchema = z.object({
  items: z.array(clientErrorSchema),
  total: z.number().int(),
});
export type ClientErrorList = z.infer<typeof clientErrorListSchema>;
