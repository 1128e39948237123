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

export const logPerformanceBodySchema = z.object({
  ...common,
  metric: text(100).min(1),
  value: z.number().finite().min(0).max(3_600_000),
  context,
});
export type LogPerformanceBody = z.infer<typeof logPerformanceBodySchema>;

export const acceptedResponseSchema = z.object({ accepted: z.literal(true) });
