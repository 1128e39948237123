import { describe, expect, it } from 'vitest';
import { foldText, handleKey, normalizeName, tokenizeName, wordForms } from './normalize-name';

describe('foldText', () => {
  it.each([
    ['Şükrü Öztürk', 'sukru ozturk'],
    ['İsmail Işık', 'ismail isik'],
    ['Çağla Doğan', 'cagla dogan'],
    ['María José Núñez', 'maria jose nunez'],
    ['Ángeles Ibáñez', 'angeles ibanez'],
    ['Jürgen Weiß', 'jurgen weiss'],
    ['Søren Łukasz', 'soren lukasz'],
    ['Mª Carmen', 'ma carmen'],
    ['ALREADY plain', 'already plain'],
  ])('folds %j to %j', (input, expected) => {
    expect(foldText(input)).toBe(expected);
  });
});

describe('wordForms', () => {
  it.each([
    ['Müller', ['muller', 'mueller']],
    ['Özlem', ['ozlem', 'oezlem']],
    ['García', ['garcia']],
    ["O'Kon", ['okon']],
  ])('gives %j the forms %j', (word, forms) => {
    expect(wordForms(word.replace("'", ''))).toEqual(forms);
  });
});

describe('tokenizeName', () => {
  it.each([
    ['María del Carmen Sánchez', ['maria', 'carmen', 'sanchez']],
    ['L.F. Quintairos Pérez', ['l', 'f', 'quintairos', 'perez']],
    ["Ruth O'Kon", ['ruth', 'okon']],
    ['Emerald Daugherty-Wilson', ['emerald', 'daugherty', 'wilson']],
    ['Mike B.', ['mike', 'b']],
    ['Ayşe Y', ['ayse', 'y']],
    ['Dr. John Smith Jr.', ['john', 'smith']],
    ['  sara_ruiz62 ', ['sara', 'ruiz']],
    ['Del Toro', ['del', 'toro']],
  ])('splits %j into %j', (raw, values) => {
    expect(tokenizeName(raw).map((token) => token.value)).toEqual(values);
  });

  it('marks initials and hyphen-joined words', () => {
    const tokens = tokenizeName('M. Lebsack-Kris');
    expect(tokens.map((token) => [token.value, token.isInitial, token.joinsNext])).toEqual([
      ['m', true, false],
      ['lebsack', false, true],
      ['kris', false, false],
    ]);
  });
});

describe('normalizeName', () => {
  it.each([
    ['  Gerardo   Rivero  Pérez ', 'gerardo rivero perez'],
    ['Mustafa Işık', 'mustafa isik'],
    ['', ''],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeName(raw)).toBe(expected);
  });
});

describe('handleKey', () => {
  it.each([
    ['M.Garcia_85', 'mgarcia85'],
    ['sara-ruiz62', 'sararuiz62'],
    ['María.Gil24', 'mariagil24'],
    ['Sandra Jenkins', null],
    ['', null],
  ])('keys %j as %j', (raw, expected) => {
    expect(handleKey(raw)).toBe(expected);
  });
});
