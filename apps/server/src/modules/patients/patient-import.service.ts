import type {
  ImportPreviewResponse,
  ImportResultResponse,
  ImportUploadQuery,
  PatientImportBody,
} from '@careloop/contracts/patients';
import { maxImportBytes } from '@careloop/contracts/patients';
import { isPhoneCountry } from '@careloop/domain/clinic-locale';
import { makePatientId, patientIdAllocator } from '@careloop/domain/patient';
import { mappingToRemember, proposeMapping } from '@careloop/domain/patient-import/header-words';
import { dateOrderFor } from '@careloop/domain/patient-import/import-dates';
import { importRegionFor } from '@careloop/domain/patient-import/import-region';
import {
  type ColumnMapping,
  type ImportTarget,
  isImportTarget,
} from '@careloop/domain/patient-import/import-targets';
import type { ImportLocale } from '@careloop/domain/patient-import/read-import-row';
import { procedureDateInstant, procedureDateOf } from '@careloop/domain/procedure-date';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { refreshProcedureComplaintRate } from '../../db/patient-risk';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { nextEventLoopTurn } from '../../lib/event-loop-turn';
import { newId } from '../../lib/ids';
import { type ClinicContext, managerRoles } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { clinicProcedures } from '../procedures/procedures.service';
import { emitWebhookEvents, type WebhookEvent } from '../webhooks/webhook-events.service';
import { ImportFileError, type ImportTable, readImportTable } from './import-file/read-import-table';
import {
  type AcceptedRow,
  analyseImportRows,
  listedLimit,
  type ReadRow,
  readImportRows,
} from './patient-import-analysis';
import { deleteImportUpload, findImportUpload, saveImportUpload } from './patient-import-uploads.repository';
import { holdPatientLimit } from './patient-limit';
import {
  findIdsWithPrefix,
  findImportSettings,
  insertPatientRows,
  listPatientContacts,
  lockClinicPatients,
  type NewPatientRow,
  refreshPatientStatistics,
  saveImportMapping,
} from './patients.repository';

type Deps = Pick<AppDeps, 'db'>;

const maxImportRows = 50_000;

const megabytes = Math.round(maxImportBytes / (1024 * 1024));

const tooLarge = (field: string) => {
  const message = `The file is larger than ${megabytes} MB`;
  return badRequest(message, [{ field, message }]);
};

/** How long an uploaded file is kept for its preview and import. */
const importUploadMinutes = 15;

/** The file's bytes: the kept upload, base64 `file`, or the `csv` text as UTF-8. */
async function fileBytes(
  db: Database,
  ctx: ClinicContext,
  body: PatientImportBody,
): Promise<{ bytes: Uint8Array; field: 'file' | 'csv' | 'uploadId' }> {
  if (body.uploadId !== undefined) {
    const upload = await findImportUpload(
      db,
      { id: body.uploadId, clinicId: ctx.clinicId, userId: ctx.userId },
      new Date(),
    );
    if (!upload) {
      const message = `The file is no longer kept (${importUploadMinutes} minutes): choose it again`;
      throw new AppError(404, 'NOT_FOUND', message, [{ field: 'uploadId', message }]);
    }
    return { bytes: upload.bytes, field: 'uploadId' };
  }
  const field = body.file !== undefined ? 'file' : 'csv';
  const bytes =
    body.file !== undefined ? Buffer.from(body.file, 'base64') : Buffer.from(body.csv ?? '', 'utf8');
  if (bytes.byteLength > maxImportBytes) throw tooLarge(field);
  return { bytes, field };
}

async function readTable(db: Database, ctx: ClinicContext, body: PatientImportBody): Promise<ImportTable> {
  const { bytes, field } = await fileBytes(db, ctx, body);
  let table: ImportTable;
  try {
    table = await readImportTable(bytes, {
      encoding: body.encoding,
      delimiter: body.delimiter,
      sheet: body.sheet,
    });
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    const message = `This is not a readable file: ${error.message}`;
    throw badRequest(message, [{ field, message }]);
  }
  if (table.rows.length > maxImportRows) {
    const message = `The file has more than ${maxImportRows.toLocaleString('en-US')} rows`;
    throw badRequest(message, [{ field, message }]);
  }
  return table;
}

function rememberedMapping(stored: unknown): Record<string, ImportTarget | null> {
  if (typeof stored !== 'object' || stored === null) return {};
  const entries = Object.entries(stored).filter(([, target]) => target === null || isImportTarget(target));
  return Object.fromEntries(entries) as Record<string, ImportTarget | null>;
}

type ImportPlan = { table: ImportTable; mapping: ColumnMapping; locale: ImportLocale; nameMapped: boolean };

/** The file read, the mapping (staff's, else proposed from the header and the clinic's last one). */
async function planImport(db: Database, ctx: ClinicContext, body: PatientImportBody): Promise<ImportPlan> {
  const table = await readTable(db, ctx, body);
  const settings = await findImportSettings(db, ctx.clinicId);
  if (body.mapping && body.mapping.length !== table.header.length) {
    const message = `The mapping has ${body.mapping.length} columns; the file has ${table.header.length}`;
    throw badRequest(message, [{ field: 'mapping', message }]);
  }
  const mapping = body.mapping ?? proposeMapping(table.header, rememberedMapping(settings?.mapping));
  const clinicRegion = importRegionFor({
    country: settings?.country,
    timeZone: settings?.timeZone,
    defaultLanguage: settings?.defaultLanguage,
  });
  // Staff may name the phones' country for this file (foreign patients); dates stay the clinic's.
  const region = body.phoneCountry && isPhoneCountry(body.phoneCountry) ? body.phoneCountry : clinicRegion;
  const locale = {
    region,
    dateOrder: dateOrderFor(clinicRegion),
    procedures: await clinicProcedures(db, ctx.clinicId),
    procedureMapping: body.procedureMapping,
  };
  const nameMapped = mapping.some((t) => t === 'name' || t === 'given_name' || t === 'family_name');
  return { table, mapping, locale, nameMapped };
}

/** The rows read with the mapping (none when no name column is chosen: nothing can be imported). */
function readRows(plan: ImportPlan): Promise<ReadRow[]> {
  return plan.nameMapped ? readImportRows(plan.table, plan.mapping, plan.locale) : Promise.resolve([]);
}

async function analyse(db: Database, clinicId: string, plan: ImportPlan, read: readonly ReadRow[]) {
  const contacts = plan.nameMapped ? await listPatientContacts(db, clinicId) : [];
  return analyseImportRows(read, plan.mapping, contacts);
}

export async function previewPatientImport(
  deps: Deps,
  ctx: ClinicContext,
  body: PatientImportBody,
): Promise<ImportPreviewResponse> {
  const plan = await planImport(deps.db, ctx, body);
  const { accepted, ...analysis } = await analyse(deps.db, ctx.clinicId, plan, await readRows(plan));
  const { table, mapping } = plan;
  return {
    reading: {
      format: table.format,
      encoding: table.encoding,
      delimiter: table.delimiter,
      sheets: table.sheets,
      sheet: table.sheet,
    },
    header: table.header,
    mapping,
    nameMapped: plan.nameMapped,
    dateOrder: plan.locale.dateOrder,
    region: plan.locale.region,
    sampleRows: analysis.sampleRows,
    ambiguousDates: analysis.ambiguousDates,
    ambiguousDateRows: analysis.ambiguousDateRows,
    totalRows: table.rows.length,
    validRows: accepted.length,
    errorRows: analysis.errorRows,
    duplicateRows: analysis.duplicates.length,
    columns: table.header.filter((_, at) => mapping[at]),
    ignoredColumns: table.header.filter((cell, at) => !mapping[at] && cell !== ''),
    errors: analysis.errors.slice(0, listedLimit),
    duplicates: analysis.duplicates.slice(0, listedLimit),
    unknownProcedures: analysis.unknownProcedures,
    ...(body.uploadId !== undefined ? { uploadId: body.uploadId } : {}),
  };
}

/**
 * Keeps a file sent as the request body itself (the bytes once, not base64 in JSON) for
 * `importUploadMinutes`, and answers its preview with the id to import it by.
 */
export async function uploadImportFile(
  deps: Deps,
  ctx: ClinicContext,
  bytes: Uint8Array,
  query: ImportUploadQuery,
): Promise<ImportPreviewResponse> {
  if (bytes.byteLength === 0) {
    const message = 'The file is empty';
    throw badRequest(message, [{ field: 'file', message }]);
  }
  if (bytes.byteLength > maxImportBytes) throw tooLarge('file');
  const now = new Date();
  const id = newId('upl', 20);
  await deps.db.transaction((tx) =>
    saveImportUpload(
      tx,
      { id, clinicId: ctx.clinicId, userId: ctx.userId, fileName: query.fileName ?? null, bytes },
      now,
      new Date(now.getTime() + importUploadMinutes * 60_000),
    ),
  );
  const { fileName: _name, ...reading } = query;
  return previewPatientImport(deps, ctx, { ...reading, uploadId: id });
}

/** Rows per INSERT: one statement, well under PostgreSQL's 65,535 parameters. */
const batchSize = 1_000;

function toNewRow(ctx: ClinicContext, id: string, now: Date, { patient }: AcceptedRow): NewPatientRow {
  const { clinicId, userId } = ctx;
  const { timeZone } = ctx.clinic;
  // A consent column records the decision with its time, source and who imported it.
  const consent = patient.marketingConsent
    ? {
        marketingConsent: patient.marketingConsent,
        marketingConsentAt: now,
        marketingConsentSource: 'import' as const,
        marketingConsentRecordedBy: userId,
      }
    : {};
  return {
    clinicId,
    id,
    ...patient.fields,
    procedureOriginal: patient.procedureOriginal,
    language: patient.language,
    ...consent,
    // The file's date (else today) as every procedure date is stored: noon there in the clinic's zone.
    procedureDate: procedureDateInstant(patient.procedureDate ?? procedureDateOf(now, timeZone), timeZone),
    createdAt: now,
    updatedAt: now,
  };
}

const consentImportRefused =
  'Only owners and admins can import marketing consent. Remove the consent column or ask an owner or admin to import this file.';

/**
 * Recording that patients agreed to marketing is a manager's act (owner or admin): a granted
 * consent lets the clinic message them. Staff may import patients, and may record consent withdrawn,
 * which only ever stops messages.
 */
function checkConsentAllowed(ctx: ClinicContext, accepted: readonly AcceptedRow[]) {
  const isManager = (managerRoles as readonly string[]).includes(ctx.role);
  if (!isManager && accepted.some((row) => row.patient.marketingConsent === 'granted')) {
    throw forbidden(consentImportRefused);
  }
}

const countConsent = (rows: readonly NewPatientRow[], value: 'granted' | 'withdrawn') =>
  rows.filter((row) => row.marketingConsent === value).length;

export type ImportProgress = (done: number, total: number) => void;

/** The server is shutting down: the import stops at its next batch and rolls back. */
const interrupted = () =>
  new AppError(
    503,
    'SHUTTING_DOWN',
    'The server is restarting; nothing was imported. Please import the file again.',
  );

/**
 * Inserts the valid, non-duplicate rows in one transaction (all batches or none), reporting
 * progress after each batch, and remembers the mapping for the clinic's next file. The rows are
 * read (the CPU-heavy part) before the transaction opens, in slices that let other requests run;
 * inside it, only the duplicate check against the clinic's patients, ids and multi-row INSERTs.
 * When `stop` is aborted (the server is shutting down) the next batch rolls everything back.
 */
export async function importPatients(
  deps: Deps,
  ctx: ClinicContext,
  body: PatientImportBody,
  onProgress: ImportProgress = () => {},
  stop?: AbortSignal,
): Promise<ImportResultResponse> {
  // A bad file or mapping is refused before the transaction opens.
  const plan = await planImport(deps.db, ctx, body);
  if (!plan.nameMapped) {
    const message = "Choose the column that holds the patient's name";
    throw badRequest(message, [{ field: 'mapping', message }]);
  }
  const read = await readRows(plan);
  // All batches or none.
  const { analysis, inserted, consent } = await deps.db.transaction(async (tx) => {
    // One import at a time per clinic, so two concurrent imports cannot both add the same patient.
    await lockClinicPatients(tx, ctx.clinicId);
    const analysis = await analyse(tx, ctx.clinicId, plan, read);
    checkConsentAllowed(ctx, analysis.accepted);
    // All the file's patients or none: a plan's limit is not a reason to import half a file.
    await holdPatientLimit(tx, ctx, analysis.accepted.length);
    const now = new Date();
    const nextId = patientIdAllocator(now, await findIdsWithPrefix(tx, ctx.clinicId, makePatientId(now)));
    const total = analysis.accepted.length;
    const consent = { consentGranted: 0, consentWithdrawn: 0 };
    let inserted = 0;
    const procedures = new Set<string | null | undefined>();
    onProgress(0, total);
    for (let at = 0; at < total; at += batchSize) {
      if (stop?.aborted) throw interrupted();
      const batch = analysis.accepted
        .slice(at, at + batchSize)
        .map((accepted) => toNewRow(ctx, nextId(), now, accepted));
      consent.consentGranted += countConsent(batch, 'granted');
      consent.consentWithdrawn += countConsent(batch, 'withdrawn');
      inserted += await insertPatientRows(tx, batch);
      for (const row of batch) procedures.add(row.procedure);
      // A consent column's decision is a consent.changed webhook, committed with the import.
      await emitWebhookEvents(
        tx,
        ctx.clinicId,
        batch.flatMap((row): WebhookEvent[] =>
          row.marketingConsent
            ? [
                {
                  type: 'consent.changed',
                  data: {
                    patient_id: row.id,
                    channel: 'marketing',
                    status: row.marketingConsent === 'granted' ? 'opted_in' : 'opted_out',
                    source: 'import',
                  },
                },
              ]
            : [],
        ),
        now,
      );
      onProgress(inserted, total);
      // PGlite answers in the same thread: let other requests run between batches there too.
      await nextEventLoopTurn();
    }
    // The file's procedures have more patients now: their complaint rates (and the newcomers' reason)
    // follow, once for the whole file.
    if (inserted > 0) {
      await refreshProcedureComplaintRate(tx, ctx.clinicId, [...procedures]);
    }
    await saveImportMapping(tx, ctx.clinicId, mappingToRemember(plan.table.header, plan.mapping));
    if (body.uploadId !== undefined) await deleteImportUpload(tx, ctx.clinicId, body.uploadId);
    return { analysis, inserted, consent };
  });
  // A bulk import changes the table's size at once; the planner should not wait for a schedule to see it.
  if (inserted > 0) await refreshPatientStatistics(deps.db);
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'patients_imported',
    context: {
      inserted,
      ...consent,
      errorRows: analysis.errorRows,
      duplicateRows: analysis.duplicates.length,
    },
  });
  return {
    inserted,
    skipped: analysis.errorRows + analysis.duplicates.length,
    errors: analysis.errors.slice(0, listedLimit),
    duplicates: analysis.duplicates.slice(0, listedLimit),
  };
}
