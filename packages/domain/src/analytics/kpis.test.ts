import { describe, expect, it } from 'vitest';
import { analyticsPeriods } from './analytics-period';
import { staffBreakdowns } from './breakdowns';
import { type CaseDayRow, type CasePeriodFacts, caseKpis } from './case-kpis';
import { type FollowUpCountRow, followUpsPerChannel, followUpTotals } from './follow-up-kpis';
import { averageOf, rateOf, roundedHours } from './kpi-math';
import { type PatientSignal, recoveryRate } from './recovery-kpis';
import { isLowRating, type ReviewDayRow, reviewKpis } from './review-kpis';
import {
  npsOf,
  npsOfCounts,
  type SurveyScoreRow,
  type SurveySentRow,
  surveyResponseRate,
} from './survey-kpis';

const january = analyticsPeriods('2026-01-01', '2026-01-31', 'Europe/Madrid').current;
const januaryIstanbul = analyticsPeriods('2026-01-01', '2026-01-31', 'Europe/Istanbul').current;
const at = (iso: string) => new Date(iso);

describe('KPI arithmetic', () => {
  it.each([
    [0, 0, null],
    [1, 3, 0.3333],
    [2, 2, 1],
  ])('%i of %i is %s', (numerator, denominator, rate) => {
    expect(rateOf(numerator, denominator)).toEqual({ numerator, denominator, rate });
  });

  it.each([
    [0, 0, null],
    [11, 4, 2.75],
    [10, 3, 3.33],
  ])('a sum of %i over %i values averages %s', (sum, count, expected) => {
    expect(averageOf(sum, count)).toBe(expected);
  });

  it.each([
    [null, null],
    [2.5, 2.5],
    [10.123456, 10.12],
  ])('a median of %s hours is shown as %s', (hours, shown) => {
    expect(roundedHours(hours)).toBe(shown);
  });
});

describe('NPS and survey response rate', () => {
  const scores = (...values: number[]) => values.map((score) => ({ score, count: 1 }));

  it.each([
    [[], null, 0, 0, 0],
    [scores(10, 9, 8, 7, 6, 0), 0, 2, 2, 2],
    [
      [
        { score: 10, count: 3 },
        { score: 6, count: 1 },
      ],
      50,
      3,
      0,
      1,
    ],
    [scores(0, 3), -100, 0, 0, 2],
    // ±12.5: mirror images round alike, away from zero.
    [scores(10, 8, 8, 8, 8, 8, 8, 8), 13, 1, 7, 0],
    [scores(0, 8, 8, 8, 8, 8, 8, 8), -13, 0, 7, 1],
    // A score that rounds to nothing is 0, not -0.
    [
      [
        { score: 0, count: 1 },
        { score: 8, count: 300 },
      ],
      0,
      0,
      300,
      1,
    ],
  ])('scores %j: NPS %s (%i promoters, %i passives, %i detractors)', (rows, score, p, n, d) => {
    expect(npsOfCounts(rows)).toEqual({
      score,
      promoters: p,
      passives: n,
      detractors: d,
      responses: p + n + d,
    });
  });

  const sent = (day: string, requests: number, answered: number): SurveySentRow => ({
    day,
    procedure: null,
    sent: requests,
    answered,
  });
  const answer = (day: string, score: number, count = 1): SurveyScoreRow => ({
    day,
    procedure: null,
    score,
    count,
  });

  it.each([
    ['an empty period', [], [], null, { numerator: 0, denominator: 0, rate: null }],
    [
      // The request of 30 December is December's even though its answer came in January.
      'answers counted by the day they came, requests by the day they were sent (answered whenever)',
      [sent('2025-12-30', 1, 1), sent('2026-01-10', 2, 1)],
      [answer('2026-01-02', 10), answer('2026-02-02', 0)],
      100,
      { numerator: 1, denominator: 2, rate: 0.5 },
    ],
    [
      "the period's first and last local days are in it, the next day is not",
      [sent('2026-01-01', 1, 0), sent('2026-01-31', 1, 1), sent('2026-02-01', 5, 5)],
      [answer('2026-01-31', 3), answer('2026-02-01', 10, 4)],
      -100,
      { numerator: 1, denominator: 2, rate: 0.5 },
    ],
  ])('%s', (_name, requests, answers, score, responseRate) => {
    expect(npsOf(answers, january).score).toBe(score);
    expect(surveyResponseRate(requests, january)).toEqual(responseRate);
  });
});

describe('review KPIs', () => {
  const reviews = (
    platform: ReviewDayRow['platform'],
    day: string,
    rating: number,
    count: number,
    replied = 0,
  ): ReviewDayRow => ({ platform, day, rating, count, replied, procedure: null });
  const noDelays = { hoursToFirstReply: null, hoursToFirstContact: null };

  it('answers nulls for an empty period, every platform listed', () => {
    expect(reviewKpis([], noDelays, january)).toEqual({
      total: { count: 0, averageRating: null },
      perPlatform: [
        { platform: 'google', count: 0, averageRating: null },
        { platform: 'trustpilot', count: 0, averageRating: null },
      ],
      lowRatingAnsweredRate: { numerator: 0, denominator: 0, rate: null },
      medianHoursToFirstReply: null,
      medianHoursToFirstContact: null,
    });
  });

  it("counts per platform, the low ratings answered, and shows the period's medians", () => {
    const kpis = reviewKpis(
      [
        reviews('google', '2026-01-05', 5, 1, 1),
        reviews('google', '2026-01-06', 2, 1, 1),
        reviews('trustpilot', '2026-01-07', 1, 1),
        reviews('trustpilot', '2026-01-31', 3, 1),
        // Outside January.
        reviews('google', '2025-12-31', 1, 4, 4),
        reviews('google', '2026-02-01', 1, 4, 0),
      ],
      { hoursToFirstReply: 6, hoursToFirstContact: 14.004 },
      january,
    );
    expect(kpis.total).toEqual({ count: 4, averageRating: 2.75 });
    expect(kpis.perPlatform).toEqual([
      { platform: 'google', count: 2, averageRating: 3.5 },
      { platform: 'trustpilot', count: 2, averageRating: 2 },
    ]);
    expect(kpis.lowRatingAnsweredRate).toEqual({ numerator: 1, denominator: 3, rate: 0.3333 });
    expect(kpis.medianHoursToFirstReply).toBe(6);
    expect(kpis.medianHoursToFirstContact).toBe(14);
  });

  it.each([
    [1, true],
    [3, true],
    [4, false],
  ])('a %i-star review is a low rating: %s', (rating, low) => {
    expect(isLowRating(rating)).toBe(low);
  });
});

describe('case KPIs', () => {
  const row = (
    kind: CaseDayRow['kind'],
    day: string,
    count: number,
    withDueTime = 0,
    metSla = 0,
    ownerUserId: string | null = null,
  ): CaseDayRow => ({ kind, day, count, withDueTime, metSla, ownerUserId, procedure: null });
  const facts = (
    hoursToResolve: number | null,
    open: Partial<CasePeriodFacts['openAtEndBySeverity']> = {},
  ): CasePeriodFacts => ({
    hoursToResolve,
    hoursToResolvePerOwner: [],
    openAtEndBySeverity: { high: 0, medium: 0, low: 0, ...open },
  });

  it.each([
    ['an empty period', [], facts(null), null, [0, 0, null], { high: 0, medium: 0, low: 0 }, 0, 0],
    [
      // Three finished in January: one by its due time, one late, one without a due time (left out).
      'finished in the period, one within its due time, one late, one without',
      [row('opened', '2026-01-02', 3), row('finished', '2026-01-03', 3, 2, 1)],
      facts(24),
      24,
      [1, 2, 0.5],
      { high: 0, medium: 0, low: 0 },
      3,
      3,
    ],
    [
      // Opened in January, resolved in February: open at January's end, not resolved in it.
      "a case resolved across the period's end",
      [row('opened', '2026-01-30', 1), row('finished', '2026-02-02', 1, 1, 0)],
      facts(null, { medium: 1 }),
      null,
      [0, 0, null],
      { high: 0, medium: 1, low: 0 },
      1,
      0,
    ],
    [
      'a case opened before and resolved in the period, and one still open',
      [
        row('opened', '2025-12-31', 1),
        row('finished', '2026-01-01', 1, 1, 1),
        row('opened', '2025-12-15', 1),
      ],
      facts(24, { low: 1 }),
      24,
      [1, 1, 1],
      { high: 0, medium: 0, low: 1 },
      0,
      1,
    ],
  ] as const)('%s', (_name, rows, periodFacts, medianHours, [met, due, rate], open, opened, resolved) => {
    const kpis = caseKpis(rows, periodFacts, january);
    expect(kpis.medianHoursToResolve).toBe(medianHours);
    expect(kpis.slaMetRate).toEqual({ numerator: met, denominator: due, rate });
    expect(kpis.openBySeverity).toEqual(open);
    expect([kpis.opened, kpis.resolved]).toEqual([opened, resolved]);
  });

  it('breaks cases down per owner, busiest first, with their own median', () => {
    const rows = [
      row('opened', '2026-01-02', 2, 0, 0, 'u1'),
      row('finished', '2026-01-03', 1, 1, 1, 'u1'),
      row('finished', '2026-01-04', 3, 2, 1, 'u2'),
      row('finished', '2025-12-04', 9, 9, 9, 'u3'),
    ];
    const perOwner = [
      { ownerUserId: 'u1', hours: 5 },
      { ownerUserId: 'u2', hours: 30.333 },
    ];
    expect(staffBreakdowns(rows, { hoursToResolvePerOwner: perOwner }, january)).toEqual([
      {
        userId: 'u2',
        casesOpened: 0,
        casesResolved: 3,
        medianHoursToResolve: 30.33,
        slaMetRate: { numerator: 1, denominator: 2, rate: 0.5 },
      },
      {
        userId: 'u1',
        casesOpened: 2,
        casesResolved: 1,
        medianHoursToResolve: 5,
        slaMetRate: { numerator: 1, denominator: 1, rate: 1 },
      },
    ]);
  });
});

describe('recovery rate', () => {
  const signal = (patientId: string, kind: PatientSignal['kind'], iso: string): PatientSignal => ({
    patientId,
    kind,
    at: at(iso),
    procedure: null,
  });
  const resolved = (patientId: string, iso: string) => ({ patientId, resolvedAt: at(iso) });

  it.each([
    ['nobody unhappy', [], [], 0, 0],
    [
      'resolved, then happy: recovered (the happy score may come after the period)',
      [signal('a', 'unhappy', '2026-01-05T10:00:00Z'), signal('a', 'happy', '2026-02-10T10:00:00Z')],
      [resolved('a', '2026-01-20T10:00:00Z')],
      1,
      1,
    ],
    [
      'happy before the resolution: not recovered',
      [signal('a', 'unhappy', '2026-01-05T10:00:00Z'), signal('a', 'happy', '2026-01-06T10:00:00Z')],
      [resolved('a', '2026-01-20T10:00:00Z')],
      0,
      1,
    ],
    [
      'happy but no case resolved: not recovered',
      [signal('a', 'unhappy', '2026-01-05T10:00:00Z'), signal('a', 'happy', '2026-01-25T10:00:00Z')],
      [],
      0,
      1,
    ],
    [
      'unhappy only before the period: not counted',
      [signal('a', 'unhappy', '2025-12-05T10:00:00Z'), signal('b', 'unhappy', '2026-01-02T10:00:00Z')],
      [],
      0,
      1,
    ],
    [
      "the case resolved after the period's end, then happy: recovered",
      [signal('a', 'unhappy', '2026-01-30T10:00:00Z'), signal('a', 'happy', '2026-02-05T10:00:00Z')],
      [resolved('a', '2026-02-02T10:00:00Z')],
      1,
      1,
    ],
  ] as const)('%s', (_name, signals, resolutions, numerator, denominator) => {
    expect(recoveryRate(signals, resolutions, january)).toMatchObject({ numerator, denominator });
  });

  it.each([
    // 22:30 UTC on 31 December: 01:30 on 1 January in Istanbul, 23:30 on 31 December in Madrid.
    ['Istanbul', januaryIstanbul, 1],
    ['Madrid', january, 0],
  ] as const)("counts an unhappy moment by %s's days", (_zone, period, unhappy) => {
    const signals = [signal('a', 'unhappy', '2025-12-31T22:30:00Z')];
    expect(recoveryRate(signals, [], period).denominator).toBe(unhappy);
  });
});

describe('follow-ups', () => {
  const row = (
    channel: FollowUpCountRow['channel'],
    day: string,
    sent: number,
    delivered: number,
    failed: number,
    replied: number,
  ): FollowUpCountRow => ({
    channel,
    day,
    sent,
    delivered,
    failed,
    replied,
    procedure: null,
  });

  it('lists every channel with nulls when nothing was sent', () => {
    const perChannel = followUpsPerChannel([], [], january);
    expect(perChannel.map((c) => [c.channel, c.sent, c.deliveryRate.rate, c.replyRate.rate])).toEqual([
      ['whatsapp', 0, null, null],
      ['sms', 0, null, null],
    ]);
    expect(followUpTotals(perChannel).deliveryRate.rate).toBeNull();
  });

  it('sums the days of the period per channel, with opt-outs', () => {
    const perChannel = followUpsPerChannel(
      [
        row('sms', '2026-01-01', 10, 8, 2, 3),
        row('sms', '2026-01-31', 10, 10, 0, 1),
        row('sms', '2026-02-01', 50, 0, 50, 0),
        row('whatsapp', '2026-01-15', 4, 4, 0, 2),
      ],
      [
        { channel: 'sms', day: '2026-01-02' },
        { channel: 'sms', day: '2025-12-31' },
      ],
      january,
    );
    expect(perChannel.find((c) => c.channel === 'sms')).toMatchObject({
      sent: 20,
      deliveryRate: { rate: 0.9 },
      replyRate: { rate: 0.2 },
      optOuts: 1,
    });
    expect(followUpTotals(perChannel)).toMatchObject({
      sent: 24,
      replyRate: { numerator: 6, rate: 0.25 },
      optOuts: 1,
    });
  });
});
