import { describe, expect, it } from 'vitest';
import { type CsvCell, csvCell, toCsv } from './csv';

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
