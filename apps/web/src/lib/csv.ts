import { downloadBytes, downloadTextFile } from './download';

/** A cell of a table exported as CSV: a number stays a number, null is an empty cell. */
export type CsvCell = string | number | null;

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection); a leading
// apostrophe makes it text. Tab and carriage return are included as OWASP advises.
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",;\r\n]/;

/**
 * How a file is laid out and stored: plain CSV (comma, '.' decimals, UTF-8), or what Excel set to
 * Spanish or Turkish opens in columns (semicolon, ',' decimals, that language's Windows code page),
 * the same layouts the patients export offers.
 */
export type CsvLayout = {
  separator: ',' | ';';
  decimal: '.' | ',';
  encoding: 'utf-8' | 'windows-1252' | 'windows-1254';
};

export const csvLayouts = {
  csv: { separator: ',', decimal: '.', encoding: 'utf-8' },
  excelEs: { separator: ';', decimal: ',', encoding: 'windows-1252' },
  excelTr: { separator: ';', decimal: ',', encoding: 'windows-1254' },
} as const satisfies Record<string, CsvLayout>;

export type CsvLayoutKey = keyof typeof csvLayouts;

/**
 * One cell as RFC 4180 text, formula-safe. A number is written as it is (no grouping, the
 * layout's decimal mark): "-20" is read as minus twenty, never run, and an apostrophe would turn a
 * negative score into text nobody can sum. A cell holding either separator is quoted.
 */
export function csvCell(value: CsvCell, decimal: CsvLayout['decimal'] = '.'): string {
  if (value === null) return '';
  // A number holds no quote, line break or separator (the decimal comma goes with ';' only).
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', decimal) : '';
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and data rows as RFC 4180 text (comma separated unless the layout says), CRLF after every record. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  layout: Pick<CsvLayout, 'separator' | 'decimal'> = csvLayouts.csv,
): string {
  return [header, ...rows]
    .map((row) => `${row.map((cell) => csvCell(cell, layout.decimal)).join(layout.separator)}\r\n`)
    .join('');
}

const codePages = new Map<string, Map<string, number>>();

// A single-byte Windows code page as the browser's own decoder reads it, turned round.
function codePage(encoding: 'windows-1252' | 'windows-1254'): Map<string, number> {
  let bytes = codePages.get(encoding);
  if (!bytes) {
    const decoder = new TextDecoder(encoding);
    bytes = new Map();
    for (let byte = 0; byte < 256; byte += 1) {
      const char = decoder.decode(Uint8Array.of(byte));
      if (char !== '\uFFFD' && !bytes.has(char)) bytes.set(char, byte);
    }
    codePages.set(encoding, bytes);
  }
  return bytes;
}

/** Text in a Windows code page; a character it lacks is written as "?". */
export function encodeCodePage(text: string, encoding: 'windows-1252' | 'windows-1254'): Uint8Array {
  const bytes = codePage(encoding);
  return Uint8Array.from(Array.from(text, (char) => bytes.get(char) ?? 0x3f));
}

/**
 * Saves a table as a CSV file made in the browser. In UTF-8 the byte-order mark tells spreadsheet
 * programs the encoding, so "Diş implantı" and "Implante dental" open as written.
 */
export function downloadCsv(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  layout: CsvLayout = csvLayouts.csv,
): void {
  const text = toCsv(header, rows, layout);
  if (layout.encoding === 'utf-8') {
    downloadTextFile(fileName, `\uFEFF${text}`, 'text/csv');
    return;
  }
  downloadBytes(fileName, encodeCodePage(text, layout.encoding), `text/csv;charset=${layout.encoding}`);
}
