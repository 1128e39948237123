import { describe, expect, it } from 'vitest';
import { explainMatch } from './match-explanation';

describe('explainMatch', () => {
  it.each([
    ['nothing to explain without evidence', [], []],
    [
      'a whole name stands for its parts',
      ['given_name', 'surname', 'whole_name', 'procedure'],
      ['whole_name', 'procedure', 'date_window'],
    ],
    [
      'first name and surname initial, strongest first',
      ['surname_initial', 'procedure', 'given_name'],
      ['given_name', 'surname_initial', 'procedure', 'date_window'],
    ],
    [
      'what weakened the fit is said too',
      ['reordered', 'given_nickname', 'surname_typo'],
      ['given_nickname', 'surname_typo', 'reordered', 'date_window'],
    ],
    ['an alias needs no date window', ['staff_alias'], ['staff_alias']],
    ['nor an e-mail handle', ['email_handle', 'procedure'], ['email_handle', 'procedure']],
    ['a username', ['username'], ['username', 'date_window']],
    [
      'a whole name written before the procedure says so instead of the window',
      ['given_name', 'surname', 'whole_name', 'before_procedure'],
      ['whole_name', 'before_procedure'],
    ],
    [
      'or long after it',
      ['given_name', 'surname', 'long_after_procedure'],
      ['given_name', 'surname', 'long_after_procedure'],
    ],
  ] as const)('%s', (_label, evidence, lines) => {
    expect(explainMatch(evidence)).toEqual(lines);
  });
});
