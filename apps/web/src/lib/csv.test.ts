import { describe, expect, it } from 'vitest';
import { type CsvCell, type CsvLayoutKey, csvCell, csvLayouts, encodeCodePage, toCsv } from './csv';

describe('csvCell', () => {
  it.each<[CsvCell, string]>([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [42, '42'],
    [-20, '-20'],
    [87.5, '87.5'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    // RFC 4180: a comma, a quote or a line break puts the cell in quotes, a quote doubled.
    ['Smith, Ana', '"Smith, Ana"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    // Formula injection: text starting with = + - @ tab or CR is made text with an apostrophe.
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+34 600', "'+34 600"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['a=b', 'a=b'],
    ['Diş implantı', 'Diş implantı'],
  ])('%j -> %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes the header, then each row, every record ending in CRLF', () => {
    expect(
      toCsv(
        ['Procedure', 'NPS'],
        [
          ['Dental Implant', 40],
          ['=cmd', -20],
          [null, null],
        ],
      ),
    ).toBe("Procedure,NPS\r\nDental Implant,40\r\n'=cmd,-20\r\n,\r\n");
  });

  it('keeps the header alone when there are no rows', () => {
    expect(toCsv(['Channel', 'Sent'], [])).toBe('Channel,Sent\r\n');
  });

  it('makes header cells formula-safe too', () => {
    expect(toCsv(['-Δ', 'a,b'], [])).toBe(`'-Δ,"a,b"\r\n`);
  });
});

describe('layouts for Excel in Spanish and Turkish', () => {
  const header = ['Procedimiento', 'Tasa (%)'];
  const rows: CsvCell[][] = [
    ['Diş implantı', 66.7],
    ['Limpieza; revisión', -12.5],
    ['Ortodoncia, niños', 40],
  ];

  it.each<[CsvLayoutKey, string]>([
    [
      'csv',
      'Procedimiento,Tasa (%)\r\nDiş implantı,66.7\r\n"Limpieza; revisión",-12.5\r\n"Ortodoncia, niños",40\r\n',
    ],
    [
      'excelEs',
      'Procedimiento;Tasa (%)\r\nDiş implantı;66,7\r\n"Limpieza; revisión";-12,5\r\n"Ortodoncia, niños";40\r\n',
    ],
    [
      'excelTr',
      'Procedimiento;Tasa (%)\r\nDiş implantı;66,7\r\n"Limpieza; revisión";-12,5\r\n"Ortodoncia, niños";40\r\n',
    ],
  ])('%s', (layout, expected) => {
    expect(toCsv(header, rows, csvLayouts[layout])).toBe(expected);
  });

  it.each<['windows-1252' | 'windows-1254', string, string]>([
    ['windows-1252', 'Señal 66,7 €', 'Señal 66,7 €'],
    ['windows-1254', 'Diş implantı İzmir ğü', 'Diş implantı İzmir ğü'],
    // A character the code page lacks is written as "?".
    ['windows-1252', 'Diş', 'Di?'],
  ])('%s: %j reads back as %j', (encoding, text, expected) => {
    expect(new TextDecoder(encoding).decode(encodeCodePage(text, encoding))).toBe(expected);
  });
});
