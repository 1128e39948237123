import Papa from 'papaparse';
import writeXlsxFile from 'write-excel-file/node';
import { encodeText, type FileEncoding } from '../import-file/text-encoding';

// Spreadsheets run a cell that starts with one of these as a formula (CSV injection); a leading
// apostrophe makes it text. Tab and carriage return are included as OWASP advises.
const formulaStart = /^[=+\-@\t\r]/;
const e164 = /^\+[1-9]\d{6,14}$/;

export type ExportCell = { text: string | null; kind?: 'phone' | 'date' };

/**
 * One CSV cell, formula-safe: a phone in E.164 is written as it is (a '+' and digits only run as
 * a harmless number, and an apostrophe would break the phone for whoever reads the file).
 */
export function csvCellText({ text, kind }: ExportCell): string {
  if (text === null) return '';
  if (kind === 'phone' && e164.test(text)) return text;
  return formulaStart.test(text) ? `'${text}` : text;
}

const exportDelimiters = { comma: ',', semicolon: ';', tab: '\t' } as const;
export type ExportDelimiter = keyof typeof exportDelimiters;

/** RFC 4180 text (CRLF, quotes as needed) with the delimiter chosen, in the encoding chosen. */
export function writeCsv(
  header: readonly string[],
  rows: ExportCell[][],
  options: { delimiter: ExportDelimiter; encoding: FileEncoding },
): Buffer {
  const text = Papa.unparse([[...header], ...rows.map((row) => row.map(csvCellText))], {
    delimiter: exportDelimiters[options.delimiter],
    newline: '\r\n',
    quotes: false,
  });
  return encodeText(`${text}\r\n`, options.encoding);
}

/** One sheet, text cells typed as text (never formulas), dates as dates. */
export async function writeXlsx(header: readonly string[], rows: ExportCell[][]): Promise<Buffer> {
  const data = [
    header.map((title) => ({ value: title, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map(({ text, kind }) => {
        if (text === null) return null;
        if (kind === 'date')
          return { value: new Date(`${text}T00:00:00Z`), type: Date, format: 'yyyy-mm-dd' };
        return { value: text, type: String };
      }),
    ),
  ];
  return writeXlsxFile(data, { sheet: 'Patients' }).toBuffer();
}
