import { appLanguages } from '@careloop/domain/clinic-locale';
import { consentSources, marketingConsentStates } from '@careloop/domain/consent';
import { patientStatuses } from '@careloop/domain/patient';
import { z } from 'zod';

export const patientStatusSchema = z.enum(patientStatuses);
export const patientLanguageSchema = z.enum(appLanguages);
export const marketingConsentStateSchema = z.enum(marketingConsentStates);

/** The latest marketing-consent decision: what, when, from where, and the staff member who recorded it. */
export const marketingConsentSchema = z.object({
  state: marketingConsentStateSchema,
  at: z.string(),
  source: z.enum(consentSources),
  /** The user who recorded it (staff, import); null when the patient or a provider did. */
  recordedBy: z.string().nullable(),
});
export type MarketingConsent = z.infer<typeof marketingConsentSchema>;

/** A patient as the API returns it; optional fields are null when empty. */
export const patientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  procedure: z.string().nullable(),
  status: patientStatusSchema,
  comment: z.string().nullable(),
  /** The language messages to this patient are written in; null: the clinic's default. */
  language: patientLanguageSchema.nullable(),
  marketingConsent: marketingConsentSchema.nullable(),
  procedureDate: z.string().nullable(),
  lastCheck: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

export const patientIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const patientListQuerySchema = z.object({
  /** Case-insensitive search in name, e-mail and phone. */
  q: z.string().trim().max(200).optional(),
  status: patientStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  cursor: z.string().max(300).optional(),
});
export type PatientListQuery = z.input<typeof patientListQuerySchema>;

export const patientListResponseSchema = z.object({
  patients: z.array(patientSchema),
  nextCursor: z.string().nullable(),
  /** Patients matching the search and filter, across all pages. */
  total: z.number().int(),
});
export type PatientListResponse = z.infer<typeof patientListResponseSchema>;

/**
 * Add/edit body. The shape is checked here; the rules and their messages ('Name required',
 * E.164 phone, listed procedure) are the domain's `patientInputSchema`, applied by the service.
 */
export const createPatientBodySchema = z.object({
  name: z.string().max(200).optional().describe('Required'),
  email: z.string().max(320).nullish(),
  phone: z.string().max(40).nullish(),
  procedure: z.string().max(100).nullish(),
  status: patientStatusSchema.optional(),
  comment: z.string().max(5000).nullish(),
  /** null: write in the clinic's default language. */
  language: patientLanguageSchema.nullish(),
  /** Records the decision (source staff, by the signed-in user) when it differs from the current one. */
  marketingConsent: marketingConsentStateSchema.optional(),
});
export type CreatePatientBody = z.input<typeof createPatientBodySchema>;

/** Only the fields given are changed. */
export const updatePatientBodySchema = createPatientBodySchema;
export type UpdatePatientBody = z.input<typeof updatePatientBodySchema>;

export const timelineItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('review'),
    id: z.string(),
    at: z.string(),
    rating: z.number().int(),
    title: z.string().nullable(),
    text: z.string().nullable(),
    provider: z.string(),
  }),
  z.object({
    kind: z.literal('case'),
    id: z.string(),
    at: z.string(),
    title: z.string(),
    status: z.string(),
    severity: z.string(),
    source: z.string(),
  }),
  z.object({
    kind: z.literal('message'),
    id: z.string(),
    at: z.string(),
    channel: z.string(),
    messageKind: z.string(),
    deliveryStatus: z.string(),
    content: z.string(),
    responseContent: z.string().nullable(),
  }),
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const patientTimelineResponseSchema = z.object({
  patientId: z.string(),
  items: z.array(timelineItemSchema),
});
export type PatientTimelineResponse = z.infer<typeof patientTimelineResponseSchema>;

/** The largest CSV file accepted by import. */
export const maxImportBytes = 5 * 1024 * 1024;

/** Import body as JSON; the server also accepts the CSV text itself (`text/csv` or `text/plain`). */
export const patientImportBodySchema = z.object({ csv: z.string().max(maxImportBytes) });
export type PatientImportBody = z.infer<typeof patientImportBodySchema>;

/** The columns import reads (header names matched case-insensitively; others are ignored). */
export const patientImportColumns = [
  'name',
  'email',
  'phone',
  'procedure',
  'status',
  'comment',
  'procedure_date',
] as const;

export const importRowErrorSchema = z.object({
  /** Spreadsheet row number: the header is row 1. */
  row: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importDuplicateSchema = z.object({
  row: z.number().int(),
  field: z.enum(['email', 'phone']),
  value: z.string(),
  /** The earlier row of the same file with this value, when the duplicate is inside the file. */
  fileRow: z.number().int().nullable(),
  /** The patient already stored with this value, when the duplicate is an existing patient. */
  existingPatientId: z.string().nullable(),
  existingPatientName: z.string().nullable(),
});
export type ImportDuplicate = z.infer<typeof importDuplicateSchema>;

export const importPreviewResponseSchema = z.object({
  totalRows: z.number().int(),
  validRows: z.number().int(),
  errorRows: z.number().int(),
  duplicateRows: z.number().int(),
  /** Recognised columns, in file order, and the ones ignored. */
  columns: z.array(z.string()),
  ignoredColumns: z.array(z.string()),
  /** At most the first 500 of each list; the counts above are complete. */
  errors: z.array(importRowErrorSchema),
  duplicates: z.array(importDuplicateSchema),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

export const importResultResponseSchema = z.object({
  inserted: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(importRowErrorSchema),
  duplicates: z.array(importDuplicateSchema),
});
export type ImportResultResponse = z.infer<typeof importResultResponseSchema>;
