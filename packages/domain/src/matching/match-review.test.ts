import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLooseFit, matchReview } from './match-review';
import { fitName, parseReviewerName } from './name-fit';
import { buildPatientIndex } from './patient-index';
import { constrainingProcedures } from './procedures';
import type { MatchPatient, MatchReviewInput, Procedure } from './types';

const patient = (
  id: string,
  name: string,
  procedureDate = '2025-01-10',
  extra: Partial<MatchPatient> = {},
) => ({
  id,
  name,
  email: null,
  procedure: 'Dental Implant',
  procedureDate,
  ...extra,
});

const review = (reviewerName: string, reviewDate = '2025-02-01T10:00:00.000Z', text = 'Great clinic.') => ({
  id: 'rev_1',
  reviewerName,
  title: 'Thanks',
  text,
  reviewDate,
});

describe('matchReview: date window', () => {
  const patients = [patient('pat_a', 'Linda Mitchell', '2025-01-10')];
  it.each([
    ['the day before the procedure', '2025-01-09T12:00:00.000Z', 'unmatched'],
    ['the day of the procedure', '2025-01-10T08:00:00.000Z', 'matched'],
    ['180 days after', '2025-07-09T23:59:59.000Z', 'matched'],
    ['181 days after', '2025-07-10T00:00:00.000Z', 'unmatched'],
    ['a local evening that is the next UTC day (day 0)', '2025-01-09T23:30:00.000-05:00', 'matched'],
    ['a timestamp without a zone, read as UTC', '2025-01-10T00:30:00', 'matched'],
    ['a timestamp without a zone, the day before in UTC', '2025-01-09T23:30:00', 'unmatched'],
  ])('a review %s is %s', (_label, reviewDate, status) => {
    expect(matchReview(review('Linda Mitchell', reviewDate), patients).status).toBe(status);
  });

  it.each([
    [
      'a whole name the day before',
      'Linda Mitchell',
      '2025-01-09T12:00:00.000Z',
      ['pat_a'],
      'before_procedure',
    ],
    [
      'a whole name 181 days after',
      'linda mitchell',
      '2025-07-10T00:00:00.000Z',
      ['pat_a'],
      'long_after_procedure',
    ],
    [
      'given name and first surname, a year after',
      'Ramón Martínez',
      '2026-01-10T10:00:00.000Z',
      ['pat_r'],
      'long_after_procedure',
    ],
    ['a first name alone', 'Linda', '2025-01-09T12:00:00.000Z', [], null],
    ['a name with a surname initial', 'Linda M.', '2025-01-09T12:00:00.000Z', [], null],
    ['a nickname and surname', 'Moncho Martínez', '2026-01-10T10:00:00.000Z', [], null],
    ['a surname typo', 'Linda Mitchel', '2025-01-09T12:00:00.000Z', [], null],
    ['the name in another order', 'Mitchell Linda', '2025-01-09T12:00:00.000Z', [], null],
  ])(
    'outside the window, %s is unmatched with candidates %j',
    (_label, name, reviewDate, candidates, evidence) => {
      const clinic = [...patients, patient('pat_r', 'Ramón Martínez Gil', '2025-01-10')];
      const result = matchReview(review(name, reviewDate), clinic);
      expect(result.status).toBe('unmatched');
      expect(result.candidateIds).toEqual(candidates);
      if (evidence) {
        expect(result.evidence).toContain(evidence);
        expect(result.confidence).toBeGreaterThan(0);
        expect(result.confidence).toBeLessThanOrEqual(0.5);
      } else {
        expect(result.confidence).toBe(0);
      }
    },
  );

  it('offers no candidate outside the window when two patients carry the whole name', () => {
    const twins = [...patients, patient('pat_b', 'Linda Mitchell', '2024-03-01')];
    const result = matchReview(review('Linda Mitchell', '2025-01-09T12:00:00.000Z'), twins);
    expect(result).toMatchObject({ status: 'unmatched', candidateIds: [], confidence: 0 });
  });

  it('offers no candidate outside the window whose procedure the review rules out', () => {
    const text = 'My teeth whitening was perfect.';
    const result = matchReview(review('Linda Mitchell', '2025-01-09T12:00:00.000Z', text), patients);
    expect(result).toMatchObject({ status: 'unmatched', candidateIds: [] });
  });

  it('takes another window from the options', () => {
    const late = review('Linda Mitchell', '2025-09-01T10:00:00.000Z');
    expect(matchReview(late, patients).status).toBe('unmatched');
    expect(matchReview(late, patients, { maxDaysAfter: 300 }).status).toBe('matched');
  });

  it('never fits a patient without a procedure date', () => {
    const undated = [patient('pat_a', 'Linda Mitchell', '', { procedureDate: null })];
    expect(matchReview(review('Linda Mitchell'), undated).status).toBe('unmatched');
  });

  it('treats an unreadable review date as unmatched', () => {
    expect(matchReview(review('Linda Mitchell', 'not a date'), patients)).toEqual({
      status: 'unmatched',
      patientId: null,
      candidateIds: [],
      confidence: 0,
      basis: null,
      evidence: [],
    });
  });
});

describe('matchReview: statuses', () => {
  const clinic = [
    patient('pat_c', 'Linda Mitchell', '2025-01-05', { procedure: 'Root Canal' }),
    patient('pat_b', 'Linda Mitchell', '2025-01-20', { procedure: 'Dental Implant' }),
    patient('pat_d', 'Linda Mitchell', '2024-01-01', { procedure: 'Root Canal' }),
    patient('pat_e', 'Kacie King', '2025-01-15', { procedure: 'Other' }),
    patient('pat_f', 'Francisco García Iglesias', '2025-01-12', { procedure: 'Plastic Surgery' }),
    patient('pat_g', 'Nadia Quispe', '2025-01-12', { procedure: null }),
  ];
  it.each<[string, MatchReviewInput, string, string | null, string[]]>([
    ['two patients share the name', review('Linda Mitchell'), 'multiple_matches', null, ['pat_b', 'pat_c']],
    [
      'the named procedure singles one out',
      review('Linda Mitchell', undefined, 'My root canal went well.'),
      'matched',
      'pat_c',
      [],
    ],
    ['the date rules the third one out', review('linda m.'), 'multiple_matches', null, ['pat_b', 'pat_c']],
    ['a first name alone', review('Kacie'), 'matched', 'pat_e', []],
    [
      'Other does not fit a named procedure',
      review('Kacie', undefined, 'Whitening was great'),
      'unmatched',
      null,
      [],
    ],
    ['a nickname', review('Paco G.'), 'matched', 'pat_f', []],
    [
      'an unknown procedure is not held against the patient',
      review('Nadia Q.', undefined, 'My PRP'),
      'matched',
      'pat_g',
      [],
    ],
    ['anonymous', review('A Trustpilot user'), 'unmatched', null, []],
    ['nobody by that name', review('Zebulon Quartz'), 'unmatched', null, []],
  ])('%s', (_label, input, status, patientId, candidateIds) => {
    const result = matchReview(input, clinic);
    expect(result.status).toBe(status);
    expect(result.patientId).toBe(patientId);
    expect(result.candidateIds).toEqual(candidateIds);
  });

  it('gives stronger evidence a higher confidence', () => {
    const full = matchReview(review('Francisco García Iglesias'), clinic).confidence;
    const nickname = matchReview(review('Paco G.'), clinic).confidence;
    const firstOnly = matchReview(review('Kacie'), clinic).confidence;
    expect(full).toBeGreaterThan(nickname);
    expect(nickname).toBeGreaterThan(firstOnly);
    expect(matchReview(review('Linda Mitchell'), clinic).confidence).toBeLessThan(firstOnly);
  });
});

describe("matchReview: the clinic's own wording of a procedure", () => {
  const clinic = [
    patient('pat_es', 'Lucía Fernández', '2025-01-10', { procedure: 'Implante dental' }),
    patient('pat_tr', 'Ayşe Yılmaz', '2025-01-10', { procedure: 'Saç ekimi (FUE)' }),
    patient('pat_x', 'Marta Ruiz', '2025-01-10', { procedure: 'Consulta de revisión' }),
  ];
  it.each([
    [
      'Spanish, the same words as the review',
      review('Lucía F.', undefined, 'Mi implante dental quedó perfecto'),
      'matched',
      'pat_es',
    ],
    [
      'Spanish, the review in English',
      review('Lucía F.', undefined, 'My implant feels natural'),
      'matched',
      'pat_es',
    ],
    ['Turkish', review('Ayşe Y.', undefined, 'Saç ekimi sonrası çok memnunum'), 'matched', 'pat_tr'],
    [
      'a procedure the review does not name',
      review('Lucía F.', undefined, 'Root canal was painless'),
      'unmatched',
      null,
    ],
    [
      'wording that names no procedure still rules a named one out',
      review('Marta R.', undefined, 'My implant'),
      'unmatched',
      null,
    ],
  ])('%s', (_label, input, status, patientId) => {
    const result = matchReview(input, clinic);
    expect(result.status).toBe(status);
    expect(result.patientId).toBe(patientId);
  });
});

describe('matchReview: too ambiguous', () => {
  const mehmets = (count: number) =>
    Array.from({ length: count }, (_, at) =>
      patient(`pat_${at}`, `Mehmet Surname${'abcdefgh'[at]}`, '2025-01-10'),
    );
  it.each([
    [2, 'multiple_matches'],
    [5, 'multiple_matches'],
    [6, 'unmatched'],
    [8, 'unmatched'],
  ])('%d fitting patients → %s', (count, status) => {
    const result = matchReview(review('Mehmet'), mehmets(count));
    expect(result.status).toBe(status);
    expect(result.candidateIds).toHaveLength(status === 'multiple_matches' ? count : 0);
  });
});

describe('matchReview: e-mail handle', () => {
  const clinic = [
    patient('pat_a', 'Linda Mitchell', '2025-01-10', { email: 'linda.mitchell20@gmail.com' }),
    patient('pat_b', 'Linda Mitchell', '2025-01-12', { email: 'linda_mitchell@hotmail.com' }),
    patient('pat_c', 'Margarita Díaz', '2025-01-12', { email: 'reina80@corpfolder.com' }),
    patient('pat_d', 'Mary Ward', '2024-01-12', { email: 'mward@corpfolder.com' }),
  ];
  it.each([
    ['the handle of one of two namesakes', 'linda.mitchell20', 'matched', 'pat_a'],
    ['ignoring case, dots, underscores and dashes', 'Linda-Mitchell_20', 'matched', 'pat_a'],
    ['a handle unrelated to the name', 'reina80', 'matched', 'pat_c'],
    ['a handle of a patient outside the window', 'mward', 'unmatched', null],
    ['a full name with a space is not a handle', 'Linda Mitchell', 'multiple_matches', null],
  ])('%s: %j', (_label, reviewerName, status, patientId) => {
    const result = matchReview(review(reviewerName), clinic);
    expect(result.status).toBe(status);
    expect(result.patientId).toBe(patientId);
  });

  it('needs the named procedure to fit too', () => {
    expect(matchReview(review('reina80', undefined, 'My hair transplant'), clinic).status).toBe('unmatched');
  });
});

// Random clinics built from a small pool of names, so that names collide as they do in real lists.
const givenNames = [
  'María',
  'José',
  'Ana',
  'Mehmet',
  'Ayşe',
  'John',
  'Linda',
  'Francisco',
  'Dolores',
  'William',
];
const surnames = ['García', 'López', 'Yılmaz', 'Kaya', 'Smith', 'Brown', 'Pérez', 'Martínez-Ruiz', 'Öztürk'];
const procedureList: Procedure[] = ['Hair Transplant', 'Dental Implant', 'Root Canal', 'Other'];

const patientArbitrary = fc.record({
  given: fc.subarray(givenNames, { minLength: 1, maxLength: 2 }),
  family: fc.subarray(surnames, { minLength: 1, maxLength: 2 }),
  procedure: fc.constantFrom(...procedureList),
  offset: fc.integer({ min: 0, max: 400 }),
});

const clinicArbitrary = fc.array(patientArbitrary, { minLength: 1, maxLength: 40 }).map((rows) =>
  rows.map((row, at) => ({
    id: `pat_${String(at).padStart(3, '0')}`,
    name: [...row.given, ...row.family].join(' '),
    email: null,
    procedure: row.procedure,
    procedureDate: new Date(Date.UTC(2025, 0, 1) + row.offset * 86_400_000).toISOString().slice(0, 10),
  })),
);

const reviewerNameArbitrary = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'María',
      'José García',
      'J. Smith',
      'Ana L.',
      'mehmet',
      'Ayse Kaya',
      'Pepe',
      'Lola',
      'Bill Brown',
      'jgarcia',
      'garcia.maria',
      'Customer',
      'Linda Martinez-Ruiz',
      'ozturkm',
      'Paco Pérez',
      '',
      'josegarcia',
      'mlopez',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 24 }) },
);

const reviewArbitrary = fc.record({
  reviewerName: reviewerNameArbitrary,
  offset: fc.integer({ min: 0, max: 500 }),
  text: fc.constantFrom('Great team.', 'My root canal', 'Hair transplant', 'implante dental', 'Veneers'),
});

const toReview = (row: { reviewerName: string; offset: number; text: string }): MatchReviewInput => ({
  id: 'rev_x',
  reviewerName: row.reviewerName,
  text: row.text,
  reviewDate: new Date(Date.UTC(2025, 0, 1, 15) + row.offset * 86_400_000).toISOString(),
});

describe('matchReview: properties', () => {
  it('keeps confidence in [0, 1] and the status consistent with the candidates', () => {
    fc.assert(
      fc.property(clinicArbitrary, reviewArbitrary, (patients, row) => {
        const result = matchReview(toReview(row), patients);
        expect(result.confidence).toBeGreaterThanOrEqual(0);
        expect(result.confidence).toBeLessThanOrEqual(1);
        if (result.status === 'matched') expect(result.patientId).not.toBeNull();
        if (result.status === 'multiple_matches') {
          expect(result.candidateIds.length).toBeGreaterThanOrEqual(2);
          expect(result.candidateIds.length).toBeLessThanOrEqual(5);
          expect(result.candidateIds).toEqual([...result.candidateIds].sort());
        } else if (result.status === 'unmatched' && result.candidateIds.length > 0) {
          // A whole name written outside the date window: one candidate for staff, at even odds at most.
          expect(result.candidateIds).toHaveLength(1);
          expect(result.confidence).toBeLessThanOrEqual(0.5);
        } else {
          expect(result.candidateIds).toEqual([]);
        }
      }),
    );
  });

  it('is deterministic, whatever the order of the patient list', () => {
    fc.assert(
      fc.property(clinicArbitrary, reviewArbitrary, (patients, row) => {
        const input = toReview(row);
        const first = matchReview(input, patients);
        expect(matchReview(input, patients)).toEqual(first);
        expect(matchReview(input, [...patients].reverse())).toEqual(first);
        expect(matchReview(input, buildPatientIndex(patients))).toEqual(first);
      }),
    );
  });

  it('finds through the index exactly the patients a full scan finds', () => {
    fc.assert(
      fc.property(clinicArbitrary, reviewArbitrary, (patients, row) => {
        const input = toReview(row);
        const index = buildPatientIndex(patients);
        const reviewer = parseReviewerName(input.reviewerName);
        const named: readonly string[] = constrainingProcedures(input.text ?? '');
        const reviewDay = Math.floor(Date.parse(input.reviewDate) / 86_400_000);
        const fits = index.patients
          .filter((candidate) => reviewDay - candidate.day >= 0 && reviewDay - candidate.day <= 180)
          .filter((candidate) => named.length === 0 || named.includes(candidate.procedure ?? ''))
          .map((candidate) => ({ id: candidate.id, fit: fitName(reviewer, candidate.name) }))
          .filter((candidate) => candidate.fit !== null);
        // A name that fits some patients as written leaves out those it only fits loosely.
        const exact = fits.filter((candidate) => candidate.fit && !isLooseFit(candidate.fit));
        const scanned = (exact.length > 0 ? exact : fits).map((candidate) => candidate.id).sort();
        const result = matchReview(input, index);
        if (scanned.length === 1) expect(result.patientId).toBe(scanned[0]);
        else if (scanned.length >= 2 && scanned.length <= 5) expect(result.candidateIds).toEqual(scanned);
        else expect(result.status).toBe('unmatched');
      }),
      { numRuns: 1500 },
    );
  });
});

describe('matchReview: names staff tied to a patient', () => {
  const clinic = [
    patient('pat_a', 'Margaret Whitfield', '2025-01-10', { aliases: ['Peggy from Leeds'] }),
    patient('pat_b', 'Harriet Ashworth', '2025-01-12'),
  ];
  it.each<[string, string, string, string | null]>([
    ['an alias matches its patient', 'Peggy from Leeds', '2025-02-01T10:00:00.000Z', 'pat_a'],
    ['written another way (case, accents)', 'PEGGY FROM LÉEDS', '2025-02-01T10:00:00.000Z', 'pat_a'],
    ['also after the usual window', 'Peggy from Leeds', '2025-12-01T10:00:00.000Z', 'pat_a'],
    ['never before the procedure', 'Peggy from Leeds', '2025-01-05T10:00:00.000Z', null],
    ['without it the name fits nobody', 'Polly from York', '2025-02-01T10:00:00.000Z', null],
  ])('%s', (_label, name, reviewDate, patientId) => {
    const result = matchReview(review(name, reviewDate), clinic);
    expect(result.patientId).toBe(patientId);
    if (patientId) expect(result.confidence).toBeGreaterThanOrEqual(0.99);
  });

  it('reads the name before "from York" once the alias does not apply: Peggy alone, shown to staff', () => {
    const result = matchReview(review('Peggy from York'), clinic);
    expect(result).toMatchObject({ status: 'matched', patientId: 'pat_a', basis: 'given_only' });
  });

  it('lists every patient that holds the same alias', () => {
    const shared = [
      ...clinic,
      patient('pat_c', 'Peggy Brown', '2025-01-11', { aliases: ['Peggy from Leeds'] }),
    ];
    const result = matchReview(review('Peggy from Leeds'), shared);
    expect(result.status).toBe('multiple_matches');
    expect(result.candidateIds).toEqual(['pat_a', 'pat_c']);
  });
});
