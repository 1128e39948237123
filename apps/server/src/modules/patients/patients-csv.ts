import { patientImportColumns } from '@careloop/contracts/patients';
import { CsvFormatError, parseCsv } from '../../cli/csv';

export { CsvFormatError };

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection); a leading
// apostrophe makes it text. Tab and carriage return are included as OWASP advises.
const formulaStart = /^[=+\-@\t\r]/;

/** One RFC 4180 field: formula-safe, quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 text: CRLF between records, header row first. */
export function toCsv(header: readonly string[], rows: (string | null)[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Undoes `csvCell`'s apostrophe, so an exported file imports back unchanged. */
function unprotect(value: string): string {
  return value.length > 1 && value.startsWith("'") && formulaStart.test(value.slice(1))
    ? value.slice(1)
    : value;
}

export type ImportColumn = (typeof patientImportColumns)[number];
export type CsvRecord = { row: number; values: Partial<Record<ImportColumn, string>>; fieldCount: number };
export type ParsedImport = {
  columns: ImportColumn[];
  ignoredColumns: string[];
  expectedFields: number;
  records: CsvRecord[];
};

/**
 * Reads an import file: a header row naming at least `name` (case-insensitively), then one
 * record per patient. Throws CsvFormatError when the file cannot be read as CSV at all.
 */
export function parsePatientCsv(text: string): ParsedImport {
  const rows = parseCsv(text);
  const header = rows[0];
  if (!header || header.every((cell) => cell.trim() === '')) throw new CsvFormatError('the file is empty', 0);
  const known = new Set<string>(patientImportColumns);
  const positions = new Map<ImportColumn, number>();
  const ignoredColumns: string[] = [];
  header.forEach((raw, at) => {
    const name = raw.trim().toLowerCase().replace(/\s+/g, '_');
    if (known.has(name) && !positions.has(name as ImportColumn)) positions.set(name as ImportColumn, at);
    else if (raw.trim() !== '') ignoredColumns.push(raw.trim());
  });
  if (!positions.has('name')) throw new CsvFormatError('the header row has no "name" column', 1);

  const records: CsvRecord[] = [];
  rows.slice(1).forEach((fields, at) => {
    if (fields.every((field) => field.trim() === '')) return;
    const values: CsvRecord['values'] = {};
    for (const [column, position] of positions) {
      const value = fields[position];
      if (value !== undefined) values[column] = unprotect(value);
    }
    records.push({ row: at + 2, values, fieldCount: fields.length });
  });
  return { columns: [...positions.keys()], ignoredColumns, expectedFields: header.length, records };
}
