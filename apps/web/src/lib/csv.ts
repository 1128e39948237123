import { downloadTextFile } from './download';

/** A cell of a table exported as CSV: a number stays a number, null is an empty cell. */
export type CsvCell = string | number | null;

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection); a leading
// apostrophe makes it text. Tab and carriage return are included as OWASP advises.
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/**
 * One cell as RFC 4180 text, formula-safe. A number is written as it is: "-20" is read as minus
 * twenty, never run, and an apostrophe would turn a negative score into text nobody can sum.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : formulaStart.test(value)
        ? `'${value}`
        : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and data rows as RFC 4180 text: comma separated, CRLF after every record. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/**
 * Saves a table as a CSV file made in the browser. The byte-order mark tells spreadsheet programs
 * the text is UTF-8, so "Diş implantı" and "Implante dental" open as written.
 */
export function downloadCsv(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): void {
  downloadTextFile(fileName, `\uFEFF${toCsv(header, rows)}`, 'text/csv');
}
