import { describe, expect, it } from 'vitest';
import { CsvFormatError, parseCsv, parseCsvRecords } from './csv';

describe('parseCsv', () => {
  it.each<[string, string, string[][]]>([
    [
      'plain fields',
      'a,b,c\n1,2,3\n',
      [
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ],
    ],
    [
      'no final line break',
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'CRLF line breaks',
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'empty fields',
      'a,,c\n,,\n',
      [
        ['a', '', 'c'],
        ['', '', ''],
      ],
    ],
    ['a quoted comma', 'name\n"García, María"\n', [['name'], ['García, María']]],
    ['an escaped quote', '"say ""hi""",x\n', [['say "hi"', 'x']]],
    ['a line break inside quotes', '"line 1\nline 2",x\n', [['line 1\nline 2', 'x']]],
    ['a CRLF inside quotes', '"a\r\nb"\r\n', [['a\r\nb']]],
    ['an empty quoted field', '"",x\n', [['', 'x']]],
    [
      'a byte order mark',
      '\uFEFFid,name\n1,Şükrü\n',
      [
        ['id', 'name'],
        ['1', 'Şükrü'],
      ],
    ],
    ['nothing', '', []],
  ])('%s', (_label, text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it.each([
    ['an unclosed quote', 'a,"open\n1,2\n'],
    ['a quote inside an unquoted field', 'a,b"c\n'],
    ['text after a closing quote', '"a"b,c\n'],
  ])('rejects %s', (_label, text) => {
    expect(() => parseCsv(text)).toThrow(CsvFormatError);
  });
});

describe('parseCsvRecords', () => {
  it('keys each record by the header', () => {
    expect(parseCsvRecords('id,name,email\npat_1,"Smith, John",\n')).toEqual([
      { id: 'pat_1', name: 'Smith, John', email: '' },
    ]);
  });

  it('rejects a record with the wrong number of fields', () => {
    expect(() => parseCsvRecords('id,name\npat_1\n')).toThrow(/expected 2 fields, found 1/);
  });
});
