import { describe, expect, it } from 'vitest';
import { analyticsPeriods } from './analytics-period';
import { type AnalyticsRows, procedureBreakdowns } from './breakdowns';
import { type CaseResolution, type PatientSignal, recoveryOutcomes, recoveryRate } from './recovery-kpis';

const january = analyticsPeriods('2026-01-01', '2026-01-31', 'Europe/Madrid').current;
const at = (iso: string) => new Date(iso);
const unhappy = (patientId: string, procedure: string | null, iso: string): PatientSignal => ({
  patientId,
  kind: 'unhappy',
  at: at(iso),
  procedure,
});
const happy = (patientId: string, procedure: string | null, iso: string): PatientSignal => ({
  patientId,
  kind: 'happy',
  at: at(iso),
  procedure,
});
const resolved = (patientId: string, iso: string): CaseResolution => ({ patientId, resolvedAt: at(iso) });

const rowsOf = (signals: PatientSignal[], resolutions: CaseResolution[]): AnalyticsRows => ({
  surveysSent: [],
  surveyScores: [],
  reviews: [],
  cases: [],
  followUps: [],
  signals,
  resolutions,
});

/** [procedure, recovered, unhappy] per breakdown row, in the rows' order. */
const recoveryRows = (rows: AnalyticsRows) =>
  procedureBreakdowns(rows, january).map((row) => [
    row.procedure,
    row.recoveryRate.numerator,
    row.recoveryRate.denominator,
  ]);

describe('recovery per procedure: a patient counts once, under the procedure of their first unhappy signal', () => {
  it.each([
    [
      'treated twice: unhappy about the implant, case resolved, then a promoter about the hair transplant',
      [unhappy('a', 'Implant', '2026-01-05T10:00:00Z'), happy('a', 'Hair', '2026-01-20T10:00:00Z')],
      [resolved('a', '2026-01-06T10:00:00Z')],
      [['Implant', 1, 1]],
    ],
    [
      'unhappy about two procedures: counted under the first one only',
      [
        unhappy('a', 'Hair', '2026-01-12T10:00:00Z'),
        unhappy('a', 'Implant', '2026-01-05T10:00:00Z'),
        happy('a', 'Implant', '2026-01-25T10:00:00Z'),
      ],
      [resolved('a', '2026-01-20T10:00:00Z')],
      [['Implant', 1, 1]],
    ],
    [
      'unhappy before the period about another procedure: the first unhappy signal in the period decides',
      [unhappy('a', 'Hair', '2025-12-20T10:00:00Z'), unhappy('a', 'Implant', '2026-01-05T10:00:00Z')],
      [],
      [['Implant', 0, 1]],
    ],
    [
      'two unhappy signals at the same instant: the procedure that sorts first, whatever the rows order',
      [unhappy('a', 'Veneers', '2026-01-05T10:00:00Z'), unhappy('a', 'Implant', '2026-01-05T10:00:00Z')],
      [],
      [['Implant', 0, 1]],
    ],
    [
      'the same instant with and without a procedure: the procedure',
      [unhappy('a', null, '2026-01-05T10:00:00Z'), unhappy('a', 'Implant', '2026-01-05T10:00:00Z')],
      [],
      [['Implant', 0, 1]],
    ],
    [
      'an unhappy signal without a procedure: the row without a procedure',
      [unhappy('a', null, '2026-01-05T10:00:00Z'), happy('a', 'Implant', '2026-01-25T10:00:00Z')],
      [resolved('a', '2026-01-10T10:00:00Z')],
      [[null, 1, 1]],
    ],
    [
      'two patients, two procedures, one won back',
      [
        unhappy('a', 'Implant', '2026-01-05T10:00:00Z'),
        happy('a', 'Implant', '2026-01-25T10:00:00Z'),
        unhappy('b', 'Hair', '2026-01-07T10:00:00Z'),
      ],
      [resolved('a', '2026-01-10T10:00:00Z'), resolved('b', '2026-01-10T10:00:00Z')],
      [
        ['Hair', 0, 1],
        ['Implant', 1, 1],
      ],
    ],
    [
      'a happy signal only (nobody unhappy in the period): no recovery row',
      [happy('a', 'Implant', '2026-01-25T10:00:00Z')],
      [resolved('a', '2026-01-10T10:00:00Z')],
      [],
    ],
  ] as const)('%s', (_name, signals, resolutions, expected) => {
    const rows = rowsOf([...signals], [...resolutions]);
    expect(recoveryRows(rows)).toEqual(expected);
    // The rows' recovery sums to the total.
    const total = recoveryRate(rows.signals, rows.resolutions, january);
    const sum = (pick: (row: readonly unknown[]) => number) =>
      recoveryRows(rows).reduce((s, row) => s + pick(row), 0);
    expect([sum((row) => row[1] as number), sum((row) => row[2] as number)]).toEqual([
      total.numerator,
      total.denominator,
    ]);
  });

  it('gives each unhappy patient one outcome', () => {
    const outcomes = recoveryOutcomes(
      [
        unhappy('a', 'Implant', '2026-01-05T10:00:00Z'),
        unhappy('a', 'Hair', '2026-01-06T10:00:00Z'),
        happy('a', 'Hair', '2026-01-20T10:00:00Z'),
        unhappy('b', 'Hair', '2026-01-08T10:00:00Z'),
      ],
      [resolved('a', '2026-01-10T10:00:00Z')],
      january,
    );
    expect(outcomes).toEqual([
      { patientId: 'a', procedure: 'Implant', recovered: true },
      { patientId: 'b', procedure: 'Hair', recovered: false },
    ]);
  });
});

describe('which procedures get a breakdown row', () => {
  const none: AnalyticsRows = rowsOf([], []);
  it.each([
    ['no activity', none, []],
    [
      'only an unhappy reply, won back',
      rowsOf(
        [unhappy('a', 'Veneers', '2026-01-10T10:00:00Z'), happy('a', 'Veneers', '2026-01-20T10:00:00Z')],
        [resolved('a', '2026-01-12T10:00:00Z')],
      ),
      [['Veneers', 1, 1]],
    ],
    [
      'only an unhappy reply, not won back',
      rowsOf([unhappy('a', 'Veneers', '2026-01-10T10:00:00Z')], []),
      [['Veneers', 0, 1]],
    ],
    [
      'only an unhappy reply before the period',
      rowsOf([unhappy('a', 'Veneers', '2025-12-10T10:00:00Z')], [resolved('a', '2026-01-12T10:00:00Z')]),
      [],
    ],
    [
      'a case opened in the period, nobody unhappy',
      {
        ...none,
        cases: [
          {
            kind: 'opened',
            day: '2026-01-05',
            ownerUserId: null,
            procedure: 'Implant',
            count: 1,
            withDueTime: 0,
            metSla: 0,
          },
        ],
      } satisfies AnalyticsRows,
      [['Implant', 0, 0]],
    ],
    [
      'a 4-star review only (not a low rating): no row',
      {
        ...none,
        reviews: [
          { day: '2026-01-05', platform: 'google', procedure: 'Implant', rating: 4, count: 1, replied: 0 },
        ],
      } satisfies AnalyticsRows,
      [],
    ],
  ] as const)('%s', (_name, rows, expected) => {
    expect(recoveryRows(rows)).toEqual(expected);
  });
});
