import { describe, expect, it } from 'vitest';
import { isAbbreviationOf } from './given-name-abbreviations';
import { areEquivalentGivenNames } from './given-name-equivalents';
import { matchReview } from './match-review';
import { needsStaffReview } from './review-rule';
import { otherReviewerReadings } from './reviewer-readings';
import type { MatchPatient } from './types';

const clinic: MatchPatient[] = [
  ['pat_fco', 'Francisco García López'],
  ['pat_jose', 'José Pérez Gil'],
  ['pat_mj', 'María José Núñez Peña'],
  ['pat_meh', 'Mehmet Yılmaz'],
  ['pat_wil', 'William Ashworth'],
  ['pat_inm', 'Inmaculada Villanueva Olmedo'],
  ['pat_wolf', 'Wolfgang Krüger'],
  ['pat_emilia', 'Emilia Smith'],
  ['pat_adri', 'Adriana Castro'],
  ['pat_victoria', 'Victoria London'],
].map(([id, name]) => ({ id: id!, name: name!, procedure: 'Dental Implant', procedureDate: '2026-03-10' }));

const reviewBy = (reviewerName: string) =>
  matchReview(
    { id: 'rev', reviewerName, text: 'Great clinic.', reviewDate: '2026-04-01T10:00:00.000Z' },
    clinic,
  );

describe('name forms: who a reviewer name reaches', () => {
  it.each<[string, string, string | null, string | null]>([
    // written abbreviations (table and the rules of truncation and contraction)
    ['Spanish abbreviation with surname', 'Fco. García', 'pat_fco', 'given_abbreviation'],
    ['Mª for María', 'Mª José Núñez', 'pat_mj', 'given_abbreviation'],
    ['English contraction', 'Wm. Ashworth', 'pat_wil', 'given_abbreviation'],
    ['Turkish consonants', 'Mhmt Yılmaz', 'pat_meh', 'given_abbreviation'],
    ['truncation with a full stop', 'Inmac. Villanueva', 'pat_inm', 'given_abbreviation'],
    ['truncation in the table', 'Wolfg Krüger', 'pat_wolf', 'given_abbreviation'],
    ['a given name is no truncation of a longer one', 'Emil Smith', null, null],
    ['nor a contraction of one that holds its letters', 'Ana Castro', null, null],
    // other-language forms, with the surname written out
    ['José as Joseph', 'Joseph Pérez', 'pat_jose', 'given_equivalent'],
    ['Mehmet as Mohammed', 'Mohammed Yilmaz', 'pat_meh', 'given_equivalent'],
    ['William as Guillermo', 'Guillermo Ashworth', 'pat_wil', 'given_equivalent'],
    ['another language alone names nobody', 'Guillermo', null, null],
    ['nor with a surname initial', 'Joseph P.', null, null],
    // run together
    ['capitals run together', 'FRANCISCOGARCIA', 'pat_fco', 'username'],
    ['lower case run together', 'williamashworth', 'pat_wil', 'username'],
    ['camel case run together', 'JosePerez', 'pat_jose', 'username'],
    // places, roles and badges around the name
    ['after a dash', 'William Ashworth - Leeds', 'pat_wil', 'whole_name'],
    ['before a dash', 'Madrid - Francisco García López', 'pat_fco', 'whole_name'],
    [
      'after a middle dot, a Google badge',
      'William Ashworth · Local Guide · 12 reviews',
      'pat_wil',
      'whole_name',
    ],
    ['after "from"', 'William Ashworth from Leeds', 'pat_wil', 'whole_name'],
    ['a country code after a comma', 'William Ashworth, UK', 'pat_wil', 'whole_name'],
    ['a city after the name', 'William Ashworth London', 'pat_wil', 'whole_name'],
    [
      'a place word that is the patient’s name stays part of it',
      'Victoria London',
      'pat_victoria',
      'whole_name',
    ],
    ['a place beside a stranger names nobody', 'Harriet Quarrington - London', null, null],
  ])('%s: "%s" → %s', (_label, name, patientId, evidence) => {
    const result = reviewBy(name);
    expect(result.patientId).toBe(patientId);
    if (evidence) expect(result.evidence).toContain(evidence);
    else expect(result.status).toBe('unmatched');
  });

  it.each([
    ['an abbreviation alone', 'Fco.'],
    ['a truncation alone', 'Inmac.'],
  ])('%s never makes a confident match: staff see it', (_label, name) => {
    const result = reviewBy(name);
    expect(result.status).toBe('matched');
    expect(result.basis).toBe('given_only');
    expect(needsStaffReview(result)).toBe(true);
  });

  it('weighs an abbreviation and another language below the name as written', () => {
    const written = reviewBy('Francisco García').confidence;
    expect(reviewBy('Fco. García').confidence).toBeLessThanOrEqual(written);
    expect(reviewBy('Joseph Pérez').confidence).toBeLessThan(reviewBy('José Pérez').confidence);
  });

  it('prefers the patient who carries the name as written over its other-language form', () => {
    const both = [
      ...clinic,
      { id: 'pat_joseph', name: 'Joseph Pérez', procedure: 'Dental Implant', procedureDate: '2026-03-12' },
    ];
    const result = matchReview(
      { id: 'rev', reviewerName: 'Joseph Pérez', reviewDate: '2026-04-01T10:00:00.000Z' },
      both,
    );
    expect(result).toMatchObject({ status: 'matched', patientId: 'pat_joseph' });
  });
});

describe('name form rules', () => {
  it.each<[string, boolean, string, boolean]>([
    ['inmac', true, 'inmaculada', true],
    ['inmac', false, 'inmaculada', false],
    ['mhmt', false, 'mehmet', true],
    ['wm', false, 'william', true],
    ['wm', false, 'wim', false],
    ['nmc', true, 'inmaculada', false],
    ['jo', true, 'jose', false],
    ['regd', true, 'reginald', true],
    ['domc', true, 'dominic', true],
    ['regd', false, 'reginald', false],
    ['regn', true, 'reginald', false],
    ['rea', true, 'reginald', false],
  ])('isAbbreviationOf(%s, dotted %s, %s) is %s', (word, dotted, name, expected) => {
    expect(isAbbreviationOf(word, dotted, name)).toBe(expected);
  });

  it.each([
    ['jose', 'joseph', true],
    ['mehmet', 'mohammed', true],
    ['jose', 'jose', false],
    ['emine', 'amine', false],
    ['maria', 'mario', false],
  ])('areEquivalentGivenNames(%s, %s) is %s', (a, b, expected) => {
    expect(areEquivalentGivenNames(a, b)).toBe(expected);
  });

  it.each<[string, string[]]>([
    ['Ana Ruiz - Sevilla', ['Ana Ruiz']],
    ['Sevilla · Ana Ruiz', ['Ana Ruiz']],
    ['Ana Ruiz from Sevilla', ['Ana Ruiz']],
    ['Ana Ruiz, ES', ['Ana Ruiz']],
    ['Ana Ruiz London', ['Ana Ruiz']],
    ['García López, María', []],
    ['Ana Ruiz', []],
    ['Ana London', []],
  ])('other readings of "%s": %j', (raw, readings) => {
    expect(otherReviewerReadings(raw)).toEqual(readings);
  });
});
