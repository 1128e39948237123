import { describe, expect, it } from 'vitest';
import { csvCellText, type ExportCell } from './write-export';

// A valid phone is written as itself: written as '+1... the file would not import cleanly elsewhere.
// Formula protection stays for every cell that is not a valid phone number.
describe('CSV cells', () => {
  it.each<[ExportCell, string]>([
    [{ text: '+14155552671', kind: 'phone' }, '+14155552671'],
    [{ text: '+34612345678', kind: 'phone' }, '+34612345678'],
    [{ text: '+1-555-HACK', kind: 'phone' }, "'+1-555-HACK"],
    [{ text: '+cmd|calc', kind: 'phone' }, "'+cmd|calc"],
    [{ text: '+14155552671' }, "'+14155552671"],
    [{ text: '=HYPERLINK("x")' }, '\'=HYPERLINK("x")'],
    [{ text: '-2+3' }, "'-2+3"],
    [{ text: '@SUM(A1)' }, "'@SUM(A1)"],
    [{ text: '\tTab' }, "'\tTab"],
    [{ text: 'Ana Ruiz' }, 'Ana Ruiz'],
    [{ text: null, kind: 'phone' }, ''],
  ])('%j -> %j', (cell, expected) => {
    expect(csvCellText(cell)).toBe(expected);
  });
});
