import { describe, expect, it } from 'vitest';
import {
  formatReport,
  PredictionFormatError,
  parsePredictions,
  parseTruth,
  scorePredictions,
  summaryLine,
  type TruthLine,
} from './match-scorer';

const truthLine = (line: Partial<TruthLine> & Pick<TruthLine, 'review_id'>): TruthLine => ({
  expected_status: 'unmatched',
  patient_id: null,
  candidate_ids: [],
  variant: 'full_name',
  author_patient_id: null,
  ...line,
});

const known = new Set(['r1', 'r2']);

describe('parsePredictions', () => {
  it.each([
    ['not JSON', '{"review_id":'],
    ['not an object', '["r1","matched"]'],
    ['a missing review_id', '{"match_status":"unmatched","patient_id":null,"confidence":0}'],
    ['an unknown status', '{"review_id":"r1","match_status":"maybe","patient_id":null,"confidence":0.5}'],
    [
      'matched without patient_id',
      '{"review_id":"r1","match_status":"matched","patient_id":null,"confidence":0.9}',
    ],
    [
      'matched with an empty patient_id',
      '{"review_id":"r1","match_status":"matched","patient_id":"","confidence":0.9}',
    ],
    [
      'a confidence above 1',
      '{"review_id":"r1","match_status":"unmatched","patient_id":null,"confidence":1.2}',
    ],
    [
      'a negative confidence',
      '{"review_id":"r1","match_status":"unmatched","patient_id":null,"confidence":-0.1}',
    ],
    [
      'a confidence that is not a number',
      '{"review_id":"r1","match_status":"unmatched","patient_id":null,"confidence":"high"}',
    ],
    [
      'malformed candidate_ids',
      '{"review_id":"r1","match_status":"multiple_matches","patient_id":null,"confidence":0.4,"candidate_ids":"p1"}',
    ],
    [
      'two lines for one review',
      '{"review_id":"r1","match_status":"unmatched","patient_id":null,"confidence":0}\n{"review_id":"r1","match_status":"unmatched","patient_id":null,"confidence":0}',
    ],
  ])('rejects %s', (_label, text) => {
    expect(() => parsePredictions(text, known)).toThrow(PredictionFormatError);
  });

  it('ignores reviews not in the truth, with a warning, and blank lines', () => {
    const text = [
      '{"review_id":"r1","match_status":"matched","patient_id":"p1","confidence":0.9}',
      '',
      '{"review_id":"zz","match_status":"unmatched","patient_id":null,"confidence":0}',
    ].join('\n');
    const { predictions, warnings } = parsePredictions(text, known);
    expect([...predictions.keys()]).toEqual(['r1']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/zz/);
  });
});

describe('parseTruth', () => {
  it('reads the fields the metrics need', () => {
    const line =
      '{"review_id":"r1","clinic_id":"c","expected_status":"multiple_matches","patient_id":"p1","candidate_ids":["p1","p2"],"variant":"first_only","author_patient_id":"p1","procedure_mentioned":null,"n_fitting":2,"tags":[]}';
    expect(parseTruth(line)).toEqual([
      {
        review_id: 'r1',
        expected_status: 'multiple_matches',
        patient_id: 'p1',
        candidate_ids: ['p1', 'p2'],
        variant: 'first_only',
        author_patient_id: 'p1',
      },
    ]);
  });
});

describe('scorePredictions', () => {
  const truth: TruthLine[] = [
    truthLine({ review_id: 'm1', expected_status: 'matched', patient_id: 'p1', author_patient_id: 'p1' }),
    truthLine({ review_id: 'm2', expected_status: 'matched', patient_id: 'p2', author_patient_id: 'p2' }),
    truthLine({ review_id: 'm3', expected_status: 'matched', patient_id: 'p3', author_patient_id: 'p3' }),
    truthLine({
      review_id: 'x1',
      expected_status: 'multiple_matches',
      patient_id: 'p4',
      candidate_ids: ['p4', 'p5'],
      author_patient_id: 'p4',
      variant: 'first_only',
    }),
    truthLine({ review_id: 'u1', variant: 'non_patient' }),
    truthLine({ review_id: 'u2', variant: 'anonymous', author_patient_id: 'p6' }),
  ];
  const { predictions } = parsePredictions(
    [
      '{"review_id":"m1","match_status":"matched","patient_id":"p1","confidence":0.95}',
      '{"review_id":"m2","match_status":"matched","patient_id":"p9","confidence":0.6}',
      '{"review_id":"x1","match_status":"multiple_matches","patient_id":null,"confidence":0.4,"candidate_ids":["p4","p7"]}',
      '{"review_id":"u1","match_status":"matched","patient_id":"p8","confidence":0.75}',
      '{"review_id":"u2","match_status":"unmatched","patient_id":null,"confidence":0}',
    ].join('\n'),
    new Set(truth.map((line) => line.review_id)),
  );
  const metrics = scorePredictions(truth, predictions);

  it.each<[string, number]>([
    // m1, x1, u2 have the right status; m3 is missing and counts as unmatched.
    ['statusAccuracy', 4 / 6],
    ['exactAccuracy', 3 / 6],
    ['precision', 1 / 3],
    ['recall', 1 / 3],
    ['f1', 1 / 3],
    ['wrongPatientCount', 2],
    ['wrongPatientRate', 2 / 6],
    ['wrongPatientShareOfMatched', 2 / 3],
    ['multipleMatchesRecall', 1],
    ['candidateCoverage', 0.5],
    ['nonPatients', 1],
    ['falseMatchRate', 1],
    ['falseMatchOrMultipleRate', 1],
  ])('%s = %d', (name, expected) => {
    expect(metrics[name as keyof typeof metrics]).toBeCloseTo(expected, 10);
  });

  it('counts the confusion table', () => {
    expect(metrics.confusion.matched).toEqual({ matched: 2, multiple_matches: 0, unmatched: 1 });
    expect(metrics.confusion.multiple_matches).toEqual({ matched: 0, multiple_matches: 1, unmatched: 0 });
    expect(metrics.confusion.unmatched).toEqual({ matched: 1, multiple_matches: 0, unmatched: 1 });
  });

  it('scores each variant', () => {
    expect(metrics.variants).toEqual([
      { variant: 'full_name', total: 3, exact: 1, accuracy: 1 / 3 },
      { variant: 'first_only', total: 1, exact: 1, accuracy: 1 },
      { variant: 'non_patient', total: 1, exact: 0, accuracy: 0 },
      { variant: 'anonymous', total: 1, exact: 1, accuracy: 1 },
    ]);
  });

  it('keeps matched predictions above each confidence threshold', () => {
    expect(metrics.thresholds.map((row) => [row.threshold, row.kept, row.wrongPatient])).toEqual([
      [0.5, 3, 2],
      [0.7, 2, 1],
      [0.8, 1, 0],
      [0.9, 1, 0],
      [0.95, 1, 0],
    ]);
  });

  it('tells for each confidence c whether the share of matches on their author is at least c', () => {
    // m1 (0.95, right), u1 (0.75, a stranger's review), m2 (0.6, someone else's).
    expect(metrics.reliability.map((row) => [row.threshold, row.kept, row.correct, row.holds])).toEqual([
      [0.5, 3, 1, false],
      [0.6, 3, 1, false],
      [0.7, 2, 1, false],
      [0.8, 1, 1, true],
      [0.9, 1, 1, true],
      [0.95, 1, 1, true],
      [0.99, 0, 0, true],
    ]);
    expect(formatReport(metrics)).toContain('   0.70      2        1  0.5000  NO');
  });

  it('uses 0 when a denominator is 0', () => {
    const empty = scorePredictions([], new Map());
    expect([empty.precision, empty.recall, empty.f1, empty.wrongPatientRate]).toEqual([0, 0, 0, 0]);
  });

  it('ends the report with the summary line, four decimals each', () => {
    const report = formatReport(metrics);
    expect(report.split('\n').at(-1)).toBe('F1=0.3333 precision=0.3333 recall=0.3333 wrong_patient=0.3333');
    expect(summaryLine(metrics)).toMatch(
      /^F1=\d\.\d{4} precision=\d\.\d{4} recall=\d\.\d{4} wrong_patient=\d\.\d{4}$/,
    );
  });
});
