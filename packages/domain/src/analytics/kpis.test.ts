import { describe, expect, it } from 'vitest';
import { analyticsPeriods } from './analytics-period';
import { type CaseRow, caseKpis } from './case-kpis';
import { type FollowUpCountRow, followUpsPerChannel, followUpTotals } from './follow-up-kpis';
import { median, rateOf } from './kpi-math';
import { type PatientSignal, recoveryRate } from './recovery-kpis';
import { type ReviewRow, reviewKpis } from './review-kpis';
import { npsOf, npsOfScores, type SurveyRow, surveyResponseRate } from './survey-kpis';

const january = analyticsPeriods('2026-01-01', '2026-01-31', 'Europe/Madrid').current;
const januaryIstanbul = analyticsPeriods('2026-01-01', '2026-01-31', 'Europe/Istanbul').current;
const at = (iso: string) => new Date(iso);

describe('KPI arithmetic', () => {
  it.each([
    [[], null],
    [[5], 5],
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
  ])('median of %j is %s', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it.each([
    [0, 0, null],
    [1, 3, 0.3333],
    [2, 2, 1],
  ])('%i of %i is %s', (numerator, denominator, rate) => {
    expect(rateOf(numerator, denominator)).toEqual({ numerator, denominator, rate });
  });
});

describe('NPS and survey response rate', () => {
  it.each([
    [[], null, 0, 0, 0],
    [[10, 9, 8, 7, 6, 0], 0, 2, 2, 2],
    [[10, 10, 10, 6], 50, 3, 0, 1],
    [[0, 3], -100, 0, 0, 2],
  ])('scores %j: NPS %s (%i promoters, %i passives, %i detractors)', (scores, score, p, n, d) => {
    expect(npsOfScores(scores)).toEqual({
      score,
      promoters: p,
      passives: n,
      detractors: d,
      responses: scores.length,
    });
  });

  const survey = (sentAt: string | null, answeredAt: string | null, score: number | null): SurveyRow => ({
    sentAt: sentAt ? at(sentAt) : null,
    answeredAt: answeredAt ? at(answeredAt) : null,
    score,
    procedure: null,
  });

  it.each([
    ['an empty period', [], null, { numerator: 0, denominator: 0, rate: null }],
    [
      'answers counted by when they came, requests by when they were sent',
      [
        survey('2025-12-30T10:00:00Z', '2026-01-02T10:00:00Z', 10),
        survey('2026-01-10T10:00:00Z', '2026-02-02T10:00:00Z', 0),
        survey('2026-01-10T10:00:00Z', null, null),
      ],
      100,
      { numerator: 1, denominator: 2, rate: 0.5 },
    ],
    [
      // 23:30 UTC on 31 January is 00:30 on 1 February in Madrid: outside January there.
      'Madrid midnight',
      [survey('2026-01-31T23:30:00Z', '2026-01-31T23:30:00Z', 3)],
      null,
      { numerator: 0, denominator: 0, rate: null },
    ],
  ])('%s', (_name, surveys, score, responseRate) => {
    expect(npsOf(surveys, january).score).toBe(score);
    expect(surveyResponseRate(surveys, january)).toEqual(responseRate);
  });

  it('counts an answer by Istanbul days: 22:00 UTC on 31 December is already January there', () => {
    const rows = [survey('2025-12-31T22:00:00Z', '2025-12-31T22:00:00Z', 9)];
    expect(npsOf(rows, januaryIstanbul).responses).toBe(1);
    expect(npsOf(rows, january).responses).toBe(0);
  });
});

describe('review KPIs', () => {
  const review = (
    platform: ReviewRow['platform'],
    rating: number,
    writtenAt: string,
    repliedAt: string | null = null,
    firstContactAt: string | null = null,
  ): ReviewRow => ({
    platform,
    rating,
    writtenAt: at(writtenAt),
    repliedAt: repliedAt ? at(repliedAt) : null,
    firstContactAt: firstContactAt ? at(firstContactAt) : null,
    procedure: null,
  });

  it('answers nulls for an empty period, every platform listed', () => {
    expect(reviewKpis([], january)).toEqual({
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

  it('counts per platform, low-rating answers and the median hours to reply and to contact', () => {
    const kpis = reviewKpis(
      [
        review('google', 5, '2026-01-05T10:00:00Z', '2026-01-05T12:00:00Z'),
        review('google', 2, '2026-01-06T10:00:00Z', '2026-01-06T20:00:00Z', '2026-01-06T14:00:00Z'),
        review('trustpilot', 1, '2026-01-07T10:00:00Z', null, '2026-01-08T10:00:00Z'),
        review('trustpilot', 3, '2026-01-08T10:00:00Z'),
        // December: outside.
        review('google', 1, '2025-12-20T10:00:00Z', '2025-12-20T11:00:00Z'),
      ],
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
});

describe('case KPIs', () => {
  const kase = (
    createdAt: string,
    resolvedAt: string | null,
    dueAt: string | null,
    severity: CaseRow['severity'] = 'high',
  ): CaseRow => ({
    severity,
    createdAt: at(createdAt),
    resolvedAt: resolvedAt ? at(resolvedAt) : null,
    dueAt: dueAt ? at(dueAt) : null,
    ownerUserId: null,
    procedure: null,
  });

  it.each([
    ['an empty period', [], null, [0, 0, null], { high: 0, medium: 0, low: 0 }, 0, 0],
    [
      'resolved in the period, one within its due time, one late, one without',
      [
        kase('2026-01-02T10:00:00Z', '2026-01-02T20:00:00Z', '2026-01-03T10:00:00Z'),
        kase('2026-01-02T10:00:00Z', '2026-01-04T10:00:00Z', '2026-01-03T10:00:00Z'),
        kase('2026-01-02T10:00:00Z', '2026-01-03T10:00:00Z', null),
      ],
      24,
      [1, 2, 0.5],
      { high: 0, medium: 0, low: 0 },
      3,
      3,
    ],
    [
      // Opened in January, resolved in February: open at January's end, not resolved in it.
      "a case resolved across the period's end",
      [kase('2026-01-30T10:00:00Z', '2026-02-02T10:00:00Z', '2026-01-31T10:00:00Z', 'medium')],
      null,
      [0, 0, null],
      { high: 0, medium: 1, low: 0 },
      1,
      0,
    ],
    [
      'a case opened before and resolved in the period, and one still open',
      [
        kase('2025-12-31T10:00:00Z', '2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z', 'low'),
        kase('2025-12-15T10:00:00Z', null, null, 'low'),
      ],
      24,
      [1, 1, 1],
      { high: 0, medium: 0, low: 1 },
      0,
      1,
    ],
  ] as const)('%s', (_name, cases, medianHours, [met, due, rate], open, opened, resolved) => {
    const kpis = caseKpis(cases, january);
    expect(kpis.medianHoursToResolve).toBe(medianHours);
    expect(kpis.slaMetRate).toEqual({ numerator: met, denominator: due, rate });
    expect(kpis.openBySeverity).toEqual(open);
    expect([kpis.opened, kpis.resolved]).toEqual([opened, resolved]);
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
  ] as const)('%s', (_name, signals, resolutions, numerator, denominator) => {
    expect(recoveryRate(signals, resolutions, january)).toMatchObject({ numerator, denominator });
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
