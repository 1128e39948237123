import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/node';
import { decodeText, detectEncoding, type FileEncoding } from './text-encoding';

const csvDelimiters = [',', ';', '\t'] as const;
type CsvDelimiter = (typeof csvDelimiters)[number];

export type ImportTableOptions = {
  /** Read as this encoding instead of the detected one. */
  encoding?: FileEncoding;
  /** Split on this instead of the detected delimiter. */
  delimiter?: CsvDelimiter;
  /** The workbook sheet to read (xlsx); the first one when absent. */
  sheet?: string;
};

export type ImportTable = {
  format: 'csv' | 'xlsx';
  encoding: FileEncoding | null;
  delimiter: CsvDelimiter | null;
  sheets: string[];
  sheet: string | null;
  header: string[];
  /** Data rows with their spreadsheet row number (the header is row 1); blank rows left out. */
  rows: { row: number; cells: string[] }[];
};

/** A file that cannot be read as a table at all (the message says why). */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

const zipSignature = [0x50, 0x4b, 0x03, 0x04];

function isXlsx(bytes: Uint8Array): boolean {
  return zipSignature.every((byte, at) => bytes[at] === byte);
}

function toTable(grid: string[][], base: Omit<ImportTable, 'header' | 'rows'>): ImportTable {
  const [header = [], ...records] = grid;
  if (header.every((cell) => cell.trim() === '')) throw new ImportFileError('the file is empty');
  const rows = records
    .map((cells, at) => ({ row: at + 2, cells }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  return { ...base, header: header.map((cell) => cell.trim()), rows };
}

/**
 * The delimiter the header row uses most (outside quotes); a comma when it holds none. The header
 * is the surest sign: its cells are words, not numbers with decimal commas.
 */
function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(csvDelimiters.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char as CsvDelimiter)) {
      counts.set(char as CsvDelimiter, (counts.get(char as CsvDelimiter) ?? 0) + 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

function readCsv(bytes: Uint8Array, options: ImportTableOptions): ImportTable {
  const encoding = options.encoding ?? detectEncoding(bytes);
  const text = decodeText(bytes, encoding);
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    const line = (broken.row ?? 0) + 1;
    throw new ImportFileError(`line ${line}: ${broken.message}`);
  }
  return toTable(parsed.data, { format: 'csv', encoding, delimiter, sheets: [], sheet: null });
}

/** A cell as text: dates as ISO days (import reads those in any clinic), numbers as written. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

async function readXlsx(bytes: Uint8Array, options: ImportTableOptions): Promise<ImportTable> {
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw new ImportFileError('the workbook cannot be read');
  }
  const names = sheets.map((s) => s.sheet);
  const chosen = options.sheet === undefined ? sheets[0] : sheets.find((s) => s.sheet === options.sheet);
  if (!chosen) throw new ImportFileError(`the workbook has no sheet "${options.sheet ?? ''}"`);
  const grid = chosen.data.map((row) => row.map(cellText));
  return toTable(grid, {
    format: 'xlsx',
    encoding: null,
    delimiter: null,
    sheets: names,
    sheet: chosen.sheet,
  });
}

/** Reads an import file: an .xlsx workbook (by its bytes), else delimited text. */
export async function readImportTable(
  bytes: Uint8Array,
  options: ImportTableOptions = {},
): Promise<ImportTable> {
  if (bytes.byteLength === 0) throw new ImportFileError('the file is empty');
  return isXlsx(bytes) ? readXlsx(bytes, options) : readCsv(bytes, options);
}
