import { retentionDaysRange } from '@careloop/domain/compliance';
import { dayFromIsoDate } from '@careloop/domain/messaging/clinic-time';
import { z } from 'zod';
import { securityAuditActions, workAuditActions } from './audit';

/** Enterprise Compliance (spec 2 §2, /enterprise-compliance): owners and admins of Enterprise clinics. */

export const auditLogPageSize = 50;
/** The most rows one audit CSV export holds (the newest matching the filters). */
export const auditLogExportMax = 10_000;

export const auditLogActions = [...securityAuditActions, ...workAuditActions] as const;
export type AuditLogAction = (typeof auditLogActions)[number];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  // A day the calendar has: Date.parse rolls 2026-02-31 over to 3 March, and the service then dropped the filter.
  .refine((value) => dayFromIsoDate(value) !== null, 'Use a date as YYYY-MM-DD');

/** Filters of the audit log viewer (dates are whole days in the clinic's time zone, both included) and its cursor. */
export const auditLogQuerySchema = z
  .object({
    action: z.enum(auditLogActions, 'Unknown action').optional(),
    userId: z.string().trim().min(1).max(100).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    cursor: z.string().max(300).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must not be after the end date',
    path: ['to'],
  });
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** security_audit_log or user_actions. */
  trail: z.enum(['security', 'work']),
  action: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  resourceType: z.string().nullable(),
  resourceId: z.string().nullable(),
  riskLevel: z.string().nullable(),
  ipAddress: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogResponseSchema = z.object({
  items: z.array(auditLogEntrySchema),
  nextCursor: z.string().nullable(),
  /** The clinic's members, for the user filter. */
  users: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

const retentionDays = z
  .number('Enter a number of days')
  .int('Enter a whole number of days')
  .min(retentionDaysRange.min, `Keep data at least ${retentionDaysRange.min} days`)
  .max(retentionDaysRange.max, `Keep data at most ${retentionDaysRange.max} days`)
  .nullable();

/** Null days: kept until the patient's data is erased. */
export const dataRetentionBodySchema = z
  .object({ messagesDays: retentionDays, resolvedCasesDays: retentionDays })
  .strict();
export type DataRetentionBody = z.infer<typeof dataRetentionBodySchema>;

export const retentionRemovedSchema = z.object({
  messages: z.number().int(),
  inboundMessages: z.number().int(),
  cases: z.number().int(),
  alerts: z.number().int(),
});
export type RetentionRemoved = z.infer<typeof retentionRemovedSchema>;

export const dataRetentionSchema = z.object({
  messagesDays: z.number().int().nullable(),
  resolvedCasesDays: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  lastAppliedAt: z.string().nullable(),
  lastRemoved: retentionRemovedSchema.nullable(),
  /** When the cleanup job runs next (02:00 UTC). */
  nextRunAt: z.string(),
});
export type DataRetention = z.infer<typeof dataRetentionSchema>;

export const patientDataFormats = ['json', 'csv'] as const;
export const patientDataExportQuerySchema = z.object({
  format: z.enum(patientDataFormats, 'Format must be json or csv').default('json'),
});
export type PatientDataExportQuery = z.input<typeof patientDataExportQuerySchema>;

/** How the data subject asked; a list, not free text, so that the audit trail never holds their name. */
export const erasureRequestChannels = ['email', 'phone', 'in_person', 'letter', 'other'] as const;

export const patientErasureBodySchema = z
  .object({ requestedVia: z.enum(erasureRequestChannels, 'Choose how the patient asked') })
  .strict();
export type PatientErasureBody = z.infer<typeof patientErasureBodySchema>;

export const patientErasureResponseSchema = z.object({
  patientId: z.string(),
  erasedAt: z.string(),
  /** Rows removed or cleared, by table. */
  removed: z.record(z.string(), z.number().int()),
});
export type PatientErasureResponse = z.infer<typeof patientErasureResponseSchema>;

export const complianceSummarySchema = z.object({
  generatedAt: z.string(),
  encryption: z.object({
    secretsAlgorithm: z.literal('AES-256-GCM'),
    secretsStored: z.number().int(),
    /** Configuration rows name secrets only; no API returns a value. */
    secretValuesReturned: z.literal(false),
    transport: z.enum(['tls', 'none']),
    hsts: z.boolean(),
    database: z.enum(['postgresql', 'pglite']),
    passwordHashing: z.literal('scrypt'),
    auditTrailAppendOnly: z.boolean(),
  }),
  access: z.object({
    members: z.object({ owner: z.number().int(), admin: z.number().int(), staff: z.number().int() }),
    twoFactorEnabled: z.number().int(),
    idleSignOutMinutes: z.number().int(),
    sessionAbsoluteDays: z.number().int(),
    activeSessions: z.number().int(),
    activeApiClients: z.number().int(),
    patientRecordViews30d: z.number().int(),
    failedSignIns30d: z.number().int(),
  }),
});
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>;

export const baaRequestBodySchema = z
  .object({
    legalEntityName: z.string().trim().min(1, 'Legal entity name is required').max(200),
    signatoryName: z.string().trim().min(1, 'Signatory name is required').max(120),
    signatoryTitle: z.string().trim().min(1, 'Signatory title is required').max(120),
    signatoryEmail: z.email('Enter a valid email address').max(254),
    notes: z.string().trim().max(2000).optional(),
  })
  .strict();
export type BaaRequestBody = z.infer<typeof baaRequestBodySchema>;

export const baaRequestSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  legalEntityName: z.string(),
  signatoryName: z.string(),
  signatoryTitle: z.string(),
  signatoryEmail: z.string(),
  requestedBy: z.string().nullable(),
});
export type BaaRequest = z.infer<typeof baaRequestSchema>;

export const baaRequestListSchema = z.object({ items: z.array(baaRequestSchema) });
