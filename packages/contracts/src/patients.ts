import { appLanguages, countrySchema } from '@careloop/domain/clinic-locale';
import { consentSources, marketingConsentStates } from '@careloop/domain/consent';
import { patientStatuses } from '@careloop/domain/patient';
import { importTargets } from '@careloop/domain/patient-import/import-targets';
import { procedureDateMessages } from '@careloop/domain/procedure-date';
import { z } from 'zod';
import { patientListSortSchema, patientRiskFilterSchema, patientRiskSchema } from './analytics';
import { nameText, readableText } from './name-text';

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
  /** The key of one of the clinic's procedures (GET /api/procedures names it per language). */
  procedure: z.string().nullable(),
  /** An import's procedure text the clinic's list did not know (procedure is then "Other"). */
  procedureOriginal: z.string().nullable(),
  status: patientStatusSchema,
  comment: z.string().nullable(),
  /** The language messages to this patient are written in; null: the clinic's default. */
  language: patientLanguageSchema.nullable(),
  marketingConsent: marketingConsentSchema.nullable(),
  /** The treatment date in the clinic's time zone, YYYY-MM-DD. */
  procedureDate: z.string().nullable(),
  lastCheck: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

/** A patient as the list shows it: also their risk level and its reasons (the badge). */
export const patientListItemSchema = patientSchema.extend({ risk: patientRiskSchema });
export type PatientListItem = z.infer<typeof patientListItemSchema>;

/**
 * One patient as its page shows it: also why automated messages (follow-ups, cross-sells) are
 * paused for them, if they are: an open clinical red-flag case (its id). Null: not paused.
 */
export const patientDetailSchema = patientSchema.extend({
  automatedMessagesPaused: z
    .object({ reason: z.literal('clinical_case_open'), caseId: z.string() })
    .nullable(),
});
export type PatientDetail = z.infer<typeof patientDetailSchema>;

export const patientIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const patientListQuerySchema = z.object({
  /** Case-insensitive search in name, e-mail and phone. */
  q: z.string().trim().max(200).optional(),
  status: patientStatusSchema.optional(),
  /** One risk level, or at_risk (medium and high). */
  risk: patientRiskFilterSchema.optional(),
  sort: patientListSortSchema.default('recent'),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  cursor: z.string().max(300).optional(),
});
export type PatientListQuery = z.input<typeof patientListQuerySchema>;

export const patientListResponseSchema = z.object({
  patients: z.array(patientListItemSchema),
  nextCursor: z.string().nullable(),
  /** Patients matching the search and filter, across all pages: on the first page only (null after). */
  total: z.number().int().nullable(),
});
export type PatientListResponse = z.infer<typeof patientListResponseSchema>;

/**
 * Add/edit body. The shape is checked here (a field it does not list is a 400 PARAMETER_UNKNOWN); the
 * rules and their messages ('Name required', E.164 phone, listed procedure, the procedure date's
 * range) are the domain's, applied by the service.
 */
export const createPatientBodySchema = z.strictObject({
  name: nameText(200).optional().describe('Required'),
  email: z.string().max(320).nullish(),
  phone: z.string().max(40).nullish(),
  procedure: z.string().max(100).nullish(),
  status: patientStatusSchema.optional(),
  comment: readableText(5000).nullish(),
  /** null: write in the clinic's default language. */
  language: patientLanguageSchema.nullish(),
  /** Records the decision (source staff, by the signed-in user) when it differs from the current one. */
  marketingConsent: marketingConsentStateSchema.optional(),
  /** The treatment date (YYYY-MM-DD) in the clinic's time zone; left out on add: today there. */
  procedureDate: z.iso.date({ error: procedureDateMessages.invalid.message }).optional(),
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
  z.object({
    kind: z.literal('survey'),
    id: z.string(),
    /** When the patient first answered. */
    at: z.string(),
    score: z.number().int(),
    comment: z.string().nullable(),
  }),
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const patientTimelineResponseSchema = z.object({
  patientId: z.string(),
  items: z.array(timelineItemSchema),
});
export type PatientTimelineResponse = z.infer<typeof patientTimelineResponseSchema>;

/** The largest file accepted by import (50,000 rows of a clinic's export fit easily). */
export const maxImportBytes = 10 * 1024 * 1024;

/** What a column can become; null ignores it. */
export const importTargetSchema = z.enum(importTargets);
export const columnMappingSchema = z.array(importTargetSchema.nullable()).max(200);

export const importFileEncodings = ['utf-8', 'windows-1252', 'windows-1254', 'iso-8859-9'] as const;
export const importDelimiters = [',', ';', '\t'] as const;

/**
 * Import body as JSON: the file's bytes in base64 (CSV in any of the encodings, or .xlsx), with
 * the reading and the column mapping staff chose; left out, they are detected and proposed.
 * `csv` (the text itself) is still read, and the server also accepts the text as `text/csv`.
 */
export const patientImportBodySchema = z
  .object({
    csv: z.string().max(maxImportBytes).optional(),
    file: z
      .string()
      .max(Math.ceil(maxImportBytes / 3) * 4)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The file must be base64')
      .optional(),
    fileName: z.string().max(255).optional(),
    encoding: z.enum(importFileEncodings).optional(),
    delimiter: z.enum(importDelimiters).optional(),
    sheet: z.string().max(100).optional(),
    mapping: columnMappingSchema.optional(),
    /**
     * The country of this file's national phone numbers (ISO code), when not the clinic's: a file of
     * foreign patients. Dates keep the clinic's order.
     */
    phoneCountry: countrySchema.optional(),
    /**
     * Staff's choice for procedure texts the clinic's list does not know: the file's text to the key
     * (or any name) of one of the clinic's procedures. A text left out is imported as "Other" with
     * the text kept on the patient.
     */
    procedureMapping: z.record(z.string().max(200), z.string().max(100)).optional(),
    /** A file uploaded once (`POST /api/patients/import/uploads`), kept for a few minutes. */
    uploadId: z.string().min(1).max(64).optional(),
  })
  .refine((body) => body.csv !== undefined || body.file !== undefined || body.uploadId !== undefined, {
    path: ['csv'],
    message: 'Send the file (file, base64), its text (csv) or the id of its upload (uploadId)',
  });
export type PatientImportBody = z.infer<typeof patientImportBodySchema>;

/** How an uploaded file (the request body itself) is read; the same choices as the JSON body's. */
export const importUploadQuerySchema = z.object({
  fileName: z.string().max(255).optional(),
  encoding: z.enum(importFileEncodings).optional(),
  delimiter: z.enum(importDelimiters).optional(),
  sheet: z.string().max(100).optional(),
});
export type ImportUploadQuery = z.infer<typeof importUploadQuerySchema>;

/** The columns of the product's own layout (its export's header). */
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

/** How the file was read: detected, or as chosen. */
export const importFileReadingSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  encoding: z.enum(importFileEncodings).nullable(),
  delimiter: z.enum(importDelimiters).nullable(),
  sheets: z.array(z.string()),
  sheet: z.string().nullable(),
});
export type ImportFileReading = z.infer<typeof importFileReadingSchema>;

/** A row as it will be imported (the preview's first rows). */
export const importSampleRowSchema = z.object({
  row: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  procedure: z.string().nullable(),
  /** The file's procedure text when it is imported as "Other". */
  procedureOriginal: z.string().nullable(),
  status: z.string().nullable(),
  procedureDate: z.string().nullable(),
  language: z.string().nullable(),
  marketingConsent: z.string().nullable(),
  /** False when the row has errors (listed in `errors`). */
  valid: z.boolean(),
});
export type ImportSampleRow = z.infer<typeof importSampleRowSchema>;

export const importAmbiguousDateSchema = z.object({
  row: z.number().int(),
  text: z.string(),
  /** The reading chosen (the clinic's order), yyyy-mm-dd. */
  isoDate: z.string(),
});
export type ImportAmbiguousDate = z.infer<typeof importAmbiguousDateSchema>;

export const importPreviewResponseSchema = z.object({
  reading: importFileReadingSchema,
  /** The header row as written, the mapping used (one target or null per column). */
  header: z.array(z.string()),
  mapping: columnMappingSchema,
  /** False when no column is mapped to the name (nothing can be imported until one is). */
  nameMapped: z.boolean(),
  dateOrder: z.enum(['dmy', 'mdy']),
  /** The region national phone numbers are read in (ISO 3166-1 alpha-2). */
  region: z.string(),
  sampleRows: z.array(importSampleRowSchema),
  ambiguousDates: z.array(importAmbiguousDateSchema),
  ambiguousDateRows: z.number().int(),
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
  /**
   * The procedure texts of the file the clinic's list does not know, with how many rows carry each:
   * imported as "Other" with the text kept, unless `procedureMapping` names a procedure for them.
   */
  unknownProcedures: z.array(z.object({ text: z.string(), rows: z.number().int() })),
  /** The kept file (an upload): preview again and import by this id instead of sending the file. */
  uploadId: z.string().optional(),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

export const importResultResponseSchema = z.object({
  inserted: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(importRowErrorSchema),
  duplicates: z.array(importDuplicateSchema),
});
export type ImportResultResponse = z.infer<typeof importResultResponseSchema>;

/** With `Accept: application/x-ndjson`, import answers one JSON line per step, then the result. */
export const importProgressLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int(), total: z.number().int() }),
  z.object({ type: z.literal('result'), result: importResultResponseSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ImportProgressLine = z.infer<typeof importProgressLineSchema>;

export const exportFormats = ['csv', 'xlsx'] as const;

/** Export in the layout import reads back: CSV with a delimiter and an encoding, or .xlsx. */
export const patientExportQuerySchema = z.object({
  format: z.enum(exportFormats).default('csv'),
  delimiter: z.enum(['comma', 'semicolon', 'tab']).default('comma'),
  encoding: z.enum(importFileEncodings).default('utf-8'),
});
export type PatientExportQuery = z.input<typeof patientExportQuerySchema>;
