/** A CSV text that breaks RFC 4180 (an unclosed quote, a stray quote inside a field). */
export class CsvFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(line > 0 ? `line ${line}: ${message}` : message);
    this.name = 'CsvFormatError';
  }
}

/**
 * Parses RFC 4180 CSV into rows of fields: fields separated by commas, records by CRLF or LF;
 * a quoted field may hold commas, line breaks and doubled quotes (`""` → `"`). A leading byte
 * order mark and a final line break are ignored. Throws `CsvFormatError` on malformed quoting.
 */
export const parseCsv = (text: string): string[][] => {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let line = 1;
  let position = 0;
  let fieldStarted = false;

  const endField = () => {
    row.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };

  while (position < input.length) {
    const char = input[position];
    if (char === '"' && !fieldStarted && field.length === 0) {
      // A quoted field runs to the next quote that is not doubled.
      const startLine = line;
      position += 1;
      for (;;) {
        if (position >= input.length) throw new CsvFormatError('unclosed quoted field', startLine);
        const inner = input[position];
        if (inner === '"') {
          if (input[position + 1] === '"') {
            field += '"';
            position += 2;
            continue;
          }
          position += 1;
          break;
        }
        if (inner === '\n') line += 1;
        field += inner;
        position += 1;
      }
      fieldStarted = true;
      const next = input[position];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new CsvFormatError('unexpected character after a quoted field', line);
      }
      continue;
    }
    if (char === ',') {
      endField();
      position += 1;
      continue;
    }
    if (char === '\r' && input[position + 1] === '\n') {
      endRow();
      line += 1;
      position += 2;
      continue;
    }
    if (char === '\n') {
      endRow();
      line += 1;
      position += 1;
      continue;
    }
    if (char === '"') throw new CsvFormatError('quote inside an unquoted field', line);
    if (fieldStarted) throw new CsvFormatError('unexpected character after a quoted field', line);
    field += char;
    position += 1;
  }
  if (field.length > 0 || fieldStarted || row.length > 0) endRow();
  return rows;
};

/**
 * Parses CSV whose first row is a header into one object per record, keyed by column name.
 * A record with a different number of fields than the header is an error.
 */
export const parseCsvRecords = (text: string): Record<string, string>[] => {
  const [header, ...records] = parseCsv(text);
  if (!header) return [];
  return records
    .filter((record) => !(record.length === 1 && record[0] === ''))
    .map((record, at) => {
      if (record.length !== header.length) {
        throw new CsvFormatError(
          `record ${at + 1}: expected ${header.length} fields, found ${record.length}`,
          0,
        );
      }
      return Object.fromEntries(header.map((column, columnAt) => [column, record[columnAt] ?? '']));
    });
};
