import type {
  ImportAmbiguousDate,
  ImportDuplicate,
  ImportRowError,
  ImportSampleRow,
} from '@careloop/contracts/patients';
import type { ColumnMapping } from '@careloop/domain/patient-import/import-targets';
import {
  type ImportedPatient,
  type ImportLocale,
  readImportRow,
  valuesByTarget,
} from '@careloop/domain/patient-import/read-import-row';
import { nextEventLoopTurn } from '../../lib/event-loop-turn';
import type { ImportTable } from './import-file/read-import-table';

export type AcceptedRow = { row: number; patient: ImportedPatient };
type Contact = { id: string; name: string; email: string | null; phone: string | null };

export type ImportAnalysis = {
  totalRows: number;
  errorRows: number;
  errors: ImportRowError[];
  duplicates: ImportDuplicate[];
  accepted: AcceptedRow[];
  sampleRows: ImportSampleRow[];
  ambiguousDates: ImportAmbiguousDate[];
  ambiguousDateRows: number;
  unknownProcedures: { text: string; rows: number }[];
};

const sampleSize = 10;
export const listedLimit = 500;

type Known = { id: string; name: string };

function sampleOf(row: number, cells: string[], mapping: ColumnMapping, patient: ImportedPatient | null) {
  if (patient) {
    const { fields } = patient;
    return {
      row,
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      procedure: fields.procedure,
      procedureOriginal: patient.procedureOriginal,
      status: fields.status,
      procedureDate: patient.procedureDate,
      language: patient.language,
      marketingConsent: patient.marketingConsent,
      valid: true,
    };
  }
  const raw = valuesByTarget(cells, mapping);
  return {
    row,
    name: raw.name ?? null,
    email: raw.email ?? null,
    phone: raw.phone ?? null,
    procedure: raw.procedure ?? null,
    procedureOriginal: null,
    status: raw.status ?? null,
    procedureDate: raw.procedure_date ?? null,
    language: raw.language ?? null,
    marketingConsent: raw.marketing_consent ?? null,
    valid: false,
  };
}

/** One data row as read with the mapping: the patient, or why it cannot be imported. */
export type ReadRow = {
  row: number;
  cells: string[];
  patient: ImportedPatient | null;
  problems: ImportRowError[];
};

/** Rows read between two turns of the event loop (a row is tens of microseconds: phones, dates). */
const rowsPerSlice = 250;

/**
 * Reads every row with the mapping and the clinic's locale (the CPU-heavy part of an import), in
 * slices that give way to other requests, so a 50,000-row file does not stop the server.
 */
export async function readImportRows(
  table: ImportTable,
  mapping: ColumnMapping,
  locale: ImportLocale,
): Promise<ReadRow[]> {
  const expectedFields = table.header.length;
  const read: ReadRow[] = [];
  for (let at = 0; at < table.rows.length; at++) {
    if (at > 0 && at % rowsPerSlice === 0) await nextEventLoopTurn();
    const { row, cells } = table.rows[at] as ImportTable['rows'][number];
    const result = readImportRow(cells, mapping, locale);
    const problems: ImportRowError[] = result.ok ? [] : result.problems.map((p) => ({ row, ...p }));
    if (cells.length > expectedFields && cells.slice(expectedFields).some((cell) => cell.trim() !== '')) {
      problems.unshift({
        row,
        field: null,
        message: `Expected ${expectedFields} fields, found ${cells.length}`,
      });
    }
    const patient = result.ok && problems.length === 0 ? result.patient : null;
    read.push({ row, cells, patient, problems });
  }
  return read;
}

/**
 * Sets aside the rows that cannot be imported and the duplicates (same e-mail or phone as an
 * earlier row of the file or a patient of the clinic): map lookups, one pass.
 */
export function analyseImportRows(
  read: readonly ReadRow[],
  mapping: ColumnMapping,
  contacts: readonly Contact[],
): ImportAnalysis {
  const existingByEmail = new Map<string, Known>();
  const existingByPhone = new Map<string, Known>();
  for (const c of contacts) {
    if (c.email) existingByEmail.set(c.email.toLowerCase(), c);
    if (c.phone) existingByPhone.set(c.phone, c);
  }
  const fileEmails = new Map<string, number>();
  const filePhones = new Map<string, number>();
  const analysis: ImportAnalysis = {
    totalRows: read.length,
    errorRows: 0,
    errors: [],
    duplicates: [],
    accepted: [],
    sampleRows: [],
    ambiguousDates: [],
    ambiguousDateRows: 0,
    unknownProcedures: [],
  };
  const unknownProcedures = new Map<string, number>();

  for (const { row, cells, patient, problems } of read) {
    if (analysis.sampleRows.length < sampleSize)
      analysis.sampleRows.push(sampleOf(row, cells, mapping, patient));
    if (!patient) {
      analysis.errorRows += 1;
      if (analysis.errors.length < listedLimit) analysis.errors.push(...problems);
      continue;
    }
    if (patient.procedureOriginal !== null) {
      unknownProcedures.set(
        patient.procedureOriginal,
        (unknownProcedures.get(patient.procedureOriginal) ?? 0) + 1,
      );
    }
    if (patient.ambiguousDate && patient.procedureDate) {
      analysis.ambiguousDateRows += 1;
      if (analysis.ambiguousDates.length < listedLimit) {
        analysis.ambiguousDates.push({ row, text: patient.ambiguousDate, isoDate: patient.procedureDate });
      }
    }
    const email = patient.fields.email?.toLowerCase() ?? null;
    const phone = patient.fields.phone;
    const duplicate = findDuplicate(row, [
      ['email', email, patient.fields.email, existingByEmail, fileEmails],
      ['phone', phone, phone, existingByPhone, filePhones],
    ]);
    if (duplicate) {
      analysis.duplicates.push(duplicate);
      continue;
    }
    if (email) fileEmails.set(email, row);
    if (phone) filePhones.set(phone, row);
    analysis.accepted.push({ row, patient });
  }
  analysis.unknownProcedures = [...unknownProcedures]
    .map(([text, rows]) => ({ text, rows }))
    .sort((a, b) => b.rows - a.rows || a.text.localeCompare(b.text))
    .slice(0, listedLimit);
  return analysis;
}

type DuplicateCheck = [
  field: 'email' | 'phone',
  key: string | null,
  shown: string | null,
  existing: Map<string, Known>,
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
