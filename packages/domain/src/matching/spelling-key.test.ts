import { describe, expect, it } from 'vitest';
import { tokenizeName } from './normalize-name';
import { boundedDistance, isTypo, spellingAgreement, spellingKey, typoAllowance } from './spelling-key';
import { transliterate } from './transliterate';

const word = (raw: string) => {
  const [token] = tokenizeName(raw);
  if (!token) throw new Error(`no word in ${raw}`);
  return token;
};

describe('transliterate', () => {
  it.each([
    ['Иванов', 'ivanov'],
    ['Наталия', 'nataliya'],
    ['Щукин', 'shchukin'],
    ['Παπαδόπουλος', 'papadopoulos'],
    ['Γεώργιος', 'georgios'],
    ['محمد', 'mhmd'],
    ['يوسف', 'iusf'],
    ['García', 'García'],
  ])('%s → %s', (raw, latin) => {
    expect(transliterate(raw)).toBe(latin);
  });
});

describe('spellingKey', () => {
  it.each([
    ['mohammed', 'mohamed'],
    ['sukru', 'shukru'],
    ['celik', 'chelik'],
    ['aleksandr', 'alexandr'],
    ['sergey', 'sergei'],
    ['eleni', 'helene'],
    ['yuliya', 'julia'],
  ])('%s and %s share a key', (a, b) => {
    expect(spellingKey(a)).toBe(spellingKey(b));
  });
});

describe('typos', () => {
  it.each([
    [3, 0],
    [4, 0],
    [5, 1],
    [8, 1],
    [9, 2],
    [14, 2],
  ])('a word of %d letters allows %d edits', (length, edits) => {
    expect(typoAllowance(length)).toBe(edits);
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(boundedDistance('escudero', 'ecsudero', 2)).toBe(1);
    expect(boundedDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });

  it.each([
    ['escudero', 'ecsudero', true],
    ['morozova', 'moozova', true],
    ['kocabas', 'kocsbas', true],
    ['mario', 'maria', false],
    ['daniel', 'daniela', false],
    ['emine', 'amine', false],
    ['smith', 'smyht', false],
    ['jon', 'jan', false],
  ])('%s / %s is a typo: %s', (a, b, expected) => {
    expect(isTypo(a, b)).toBe(expected);
  });
});

describe('spellingAgreement', () => {
  it.each([
    ['Muhammad', 'Mohammed', 'typo'],
    ['Mohamed', 'Mohammed', 'spelling'],
    ['حسن', 'Hassan', 'spelling'],
    ['محمد', 'Mohammed', 'spelling'],
    ['Shukru', 'Şükrü', 'spelling'],
    ['Laura', 'Lara', 'typo'],
    ['Omar', 'Mansour', null],
  ])('%s and %s agree by %s', (a, b, level) => {
    expect(spellingAgreement(word(a), word(b))).toBe(level);
  });
});
