import { describe, expect, it } from 'vitest';
import { formalNamesOf, isNicknameFit, nicknamesOf, prefixShortFormsOf } from './nicknames';

describe('formalNamesOf', () => {
  it.each([
    ['bill', ['william']],
    ['bob', ['robert']],
    ['peggy', ['margaret']],
    ['jack', ['john']],
    ['pepe', ['jose']],
    ['paco', ['francisco']],
    ['pancho', ['francisco']],
    ['curro', ['francisco']],
    ['manolo', ['manuel']],
    ['nacho', ['ignacio']],
    ['charo', ['rosario']],
    ['maite', ['maria teresa']],
    ['chema', ['jose maria', 'jose manuel']],
    ['juanjo', ['juan jose']],
    ['toni', ['antonio', 'antonia']],
    ['lupe', ['maria guadalupe', 'guadalupe']],
    ['pili', ['pilar']],
    ['concha', ['concepcion']],
    ['maricarmen', ['maria carmen']],
    ['unknownnick', []],
  ])('%j stands for %j', (nickname, formals) => {
    expect(formalNamesOf(nickname).map((words) => words.join(' '))).toEqual(expect.arrayContaining(formals));
    if (formals.length === 0) expect(formalNamesOf(nickname)).toEqual([]);
  });

  it('maps Lola and Loli to Dolores and to María Dolores', () => {
    for (const nickname of ['lola', 'loli']) {
      const formals = formalNamesOf(nickname).map((words) => words.join(' '));
      expect(formals).toEqual(expect.arrayContaining(['dolores', 'maria dolores']));
    }
  });

  it('reads Carmen as María del Carmen (particles dropped)', () => {
    expect(formalNamesOf('carmen').map((words) => words.join(' '))).toContain('maria carmen');
  });
});

describe('nicknamesOf', () => {
  it('lists the nicknames of a formal name', () => {
    expect(nicknamesOf('robert').map((words) => words.join(' '))).toEqual(
      expect.arrayContaining(['bob', 'bobby', 'rob', 'robbie']),
    );
  });
});

describe('isNicknameFit', () => {
  it.each([
    ['will', 'william', true],
    ['william', 'bill', true],
    ['chris', 'christian', true],
    ['chris', 'christopher', true],
    ['chris', 'christina', true],
    ['mel', 'melanie', true],
    ['mel', 'melissa', true],
    ['dan', 'dana', false],
    ['john', 'john', false],
    ['sara', 'sarah', false],
    ['liam', 'william', false],
  ])('%j for %j → %j', (reviewer, patient, expected) => {
    expect(isNicknameFit(reviewer, patient)).toBe(expected);
  });
});

describe('prefixShortFormsOf', () => {
  it.each([
    ['christopher', ['chris']],
    ['alexandra', ['ale', 'alex']],
    ['dana', []],
  ])('%j begins with the short forms %j', (name, forms) => {
    expect(prefixShortFormsOf(name)).toEqual(forms);
  });
});
