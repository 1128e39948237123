import type {
  ImportDuplicate,
  ImportPreviewResponse,
  ImportResultResponse,
  ImportRowError,
} from '@careloop/contracts/patients';
import { maxImportBytes } from '@careloop/contracts/patients';
import {
  makePatientId,
  type PatientStatus,
  patientInputSchema,
  patientStatuses,
  procedureOptions,
} from '@careloop/domain/patient';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { issuesOf, type validatePatient } from './patient-validation';
import {
  findIdsWithPrefix,
  insertPatientRows,
  inTransaction,
  listPatientContacts,
  lockClinicPatients,
  type NewPatientRow,
} from './patients.repository';
import { CsvFormatError, type CsvRecord, parsePatientCsv } from './patients-csv';

type Deps = Pick<AppDeps, 'db'>;

async function takenIds(db: Database, clinicId: string, now: Date) {
  return findIdsWithPrefix(db, clinicId, makePatientId(now));
}

const listedLimit = 500;

const statusAliases: Record<string, PatientStatus> = {
  ...Object.fromEntries(patientStatuses.map((s) => [s, s])),
  critical: 'red',
};

const procedureByLowerCase = new Map(procedureOptions.map((p) => [p.toLowerCase(), p]));

const isoDate = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

type ValidRow = {
  row: number;
  fields: ReturnType<typeof validatePatient>;
  procedureDate: Date | null;
};

/** One record to patient fields, or its problems (each with the row number). */
function readRecord(record: CsvRecord, expectedFields: number): ValidRow | ImportRowError[] {
  const errors: ImportRowError[] = [];
  const { values, row } = record;
  if (record.fieldCount > expectedFields) {
    errors.push({
      row,
      field: null,
      message: `Expected ${expectedFields} fields, found ${record.fieldCount}`,
    });
  }
  const statusText = values.status?.trim().toLowerCase() ?? '';
  const status = statusText === '' ? undefined : statusAliases[statusText];
  if (statusText !== '' && !status) {
    errors.push({ row, field: 'status', message: `Status must be one of ${patientStatuses.join(', ')}` });
  }
  const procedureText = values.procedure?.trim() ?? '';
  const procedure = procedureByLowerCase.get(procedureText.toLowerCase()) ?? procedureText;
  const parsed = patientInputSchema.safeParse({
    name: values.name ?? '',
    email: values.email,
    phone: values.phone,
    procedure,
    comment: values.comment,
    status: status ?? 'active',
  });
  if (!parsed.success) {
    for (const issue of issuesOf(parsed.error))
      errors.push({ row, field: issue.field, message: issue.message });
  }
  const dateText = values.procedure_date?.trim() ?? '';
  let procedureDate: Date | null = null;
  if (dateText !== '') {
    const time = isoDate.test(dateText) ? Date.parse(dateText) : Number.NaN;
    if (Number.isNaN(time)) {
      errors.push({ row, field: 'procedure_date', message: 'Please enter the date as YYYY-MM-DD' });
    } else {
      procedureDate = new Date(time);
    }
  }
  if (errors.length > 0 || !parsed.success) return errors;
  return { row, fields: parsed.data, procedureDate };
}

type Analysis = Omit<ImportPreviewResponse, 'errors' | 'duplicates'> & {
  errors: ImportRowError[];
  duplicates: ImportDuplicate[];
  accepted: ValidRow[];
};

function readImportFile(csv: string) {
  if (Buffer.byteLength(csv, 'utf8') > maxImportBytes) {
    throw badRequest('The file is larger than 5 MB', [
      { field: 'csv', message: 'The file is larger than 5 MB' },
    ]);
  }
  try {
    return parsePatientCsv(csv);
  } catch (error) {
    if (error instanceof CsvFormatError) {
      const message = `This is not a readable CSV file: ${error.message}`;
      throw badRequest(message, [{ field: 'csv', message }]);
    }
    throw error;
  }
}

/** Validates every record and finds duplicates (same e-mail or phone) in the file and in the clinic. */
async function analyseImport(db: Database, clinicId: string, csv: string): Promise<Analysis> {
  const file = readImportFile(csv);
  const contacts = await listPatientContacts(db, clinicId);
  const existingByEmail = new Map<string, { id: string; name: string }>();
  const existingByPhone = new Map<string, { id: string; name: string }>();
  for (const c of contacts) {
    if (c.email) existingByEmail.set(c.email.toLowerCase(), c);
    if (c.phone) existingByPhone.set(c.phone, c);
  }
  const fileEmails = new Map<string, number>();
  const filePhones = new Map<string, number>();
  const errors: ImportRowError[] = [];
  const duplicates: ImportDuplicate[] = [];
  const accepted: ValidRow[] = [];
  let errorRows = 0;

  for (const record of file.records) {
    const result = readRecord(record, file.expectedFields);
    if (Array.isArray(result)) {
      errorRows += 1;
      errors.push(...result);
      continue;
    }
    const email = result.fields.email?.toLowerCase() ?? null;
    const phone = result.fields.phone;
    const duplicate = findDuplicate(result.row, [
      ['email', email, result.fields.email, existingByEmail, fileEmails],
      ['phone', phone, phone, existingByPhone, filePhones],
    ]);
    if (duplicate) {
      duplicates.push(duplicate);
      continue;
    }
    if (email) fileEmails.set(email, result.row);
    if (phone) filePhones.set(phone, result.row);
    accepted.push(result);
  }

  return {
    totalRows: file.records.length,
    validRows: accepted.length,
    errorRows,
    duplicateRows: duplicates.length,
    columns: file.columns,
    ignoredColumns: file.ignoredColumns,
    errors,
    duplicates,
    accepted,
  };
}

type DuplicateCheck = [
  field: 'email' | 'phone',
  key: string | null,
  shown: string | null,
  existing: Map<string, { id: string; name: string }>,
  inFile: Map<string, number>,
];

function findDuplicate(row: number, checks: DuplicateCheck[]): ImportDuplicate | null {
  for (const [field, key, shown, existing, inFile] of checks) {
    if (!key) continue;
    const patient = existing.get(key);
    if (patient) {
      return {
        row,
        field,
        value: shown ?? key,
        fileRow: null,
        existingPatientId: patient.id,
        existingPatientName: patient.name,
      };
    }
    const fileRow = inFile.get(key);
    if (fileRow !== undefined) {
      return { row, field, value: shown ?? key, fileRow, existingPatientId: null, existingPatientName: null };
    }
  }
  return null;
}

export async function previewPatientImport(
  deps: Deps,
  ctx: ClinicContext,
  csv: string,
): Promise<ImportPreviewResponse> {
  const { accepted: _accepted, ...analysis } = await analyseImport(deps.db, ctx.clinicId, csv);
  return {
    ...analysis,
    errors: analysis.errors.slice(0, listedLimit),
    duplicates: analysis.duplicates.slice(0, listedLimit),
  };
}

const batchSize = 500;

/** Inserts the valid, non-duplicate rows in one transaction (all batches or none). */
export async function importPatients(
  deps: Deps,
  ctx: ClinicContext,
  csv: string,
): Promise<ImportResultResponse> {
  readImportFile(csv); // a bad file is refused before the transaction opens
  const result = await inTransaction(deps.db, async (tx) => {
    // One import at a time per clinic, so two concurrent imports cannot both add the same patient.
    await lockClinicPatients(tx, ctx.clinicId);
    const analysis = await analyseImport(tx, ctx.clinicId, csv);
    const now = new Date();
    const taken = await takenIds(tx, ctx.clinicId, now);
    const rows: NewPatientRow[] = analysis.accepted.map((r) => {
      const id = makePatientId(now, taken);
      taken.add(id);
      return {
        clinicId: ctx.clinicId,
        id,
        ...r.fields,
        procedureDate: r.procedureDate ?? now,
        createdAt: now,
        updatedAt: now,
      };
    });
    let inserted = 0;
    for (let at = 0; at < rows.length; at += batchSize) {
      inserted += await insertPatientRows(tx, rows.slice(at, at + batchSize));
    }
    return { analysis, inserted };
  });
  const { analysis, inserted } = result;
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'patients_imported',
    context: { inserted, errorRows: analysis.errorRows, duplicateRows: analysis.duplicateRows },
  });
  return {
    inserted,
    skipped: analysis.errorRows + analysis.duplicateRows,
    errors: analysis.errors.slice(0, listedLimit),
    duplicates: analysis.duplicates.slice(0, listedLimit),
  };
}
