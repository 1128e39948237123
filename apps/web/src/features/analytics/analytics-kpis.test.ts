import { describe, expect, it } from 'vitest';
import { caseKpis, hasNoSurveys, headlineKpis, isQuietPeriod, type Kpi, kpiChange } from './analytics-kpis';
import { advancedKpis, buildSummary, emptyHeadline, rate } from './testing/summary-builder';

const kpi = (overrides: Partial<Kpi>): Kpi => ({
  key: 'nps',
  kind: 'count',
  better: 'higher',
  current: 0,
  previous: 0,
  ...overrides,
});

describe('kpiChange', () => {
  it.each<[Partial<Kpi>, ReturnType<typeof kpiChange>]>([
    // A share moves in percentage points.
    [
      { kind: 'rate', current: 0.6, previous: 0.5 },
      { delta: 10, trend: 'better' },
    ],
    [
      { kind: 'rate', current: 0.455, previous: 0.5 },
      { delta: -4.5, trend: 'worse' },
    ],
    // Hours: fewer is better.
    [
      { kind: 'hours', better: 'lower', current: 4, previous: 6.5 },
      { delta: -2.5, trend: 'better' },
    ],
    [
      { kind: 'hours', better: 'lower', current: 8, previous: 6 },
      { delta: 2, trend: 'worse' },
    ],
    // An NPS from -20 to 10 is 30 points up.
    [
      { kind: 'score', current: 10, previous: -20 },
      { delta: 30, trend: 'better' },
    ],
    // More reviews is neither good nor bad in itself.
    [
      { kind: 'count', better: null, current: 12, previous: 24 },
      { delta: -12, trend: 'changed' },
    ],
    [
      { kind: 'count', current: 3, previous: 3 },
      { delta: 0, trend: 'same' },
    ],
    // A change that rounds to nothing is no change.
    [
      { kind: 'rate', current: 0.5004, previous: 0.5 },
      { delta: 0, trend: 'same' },
    ],
    // Without a value in either period there is nothing to compare.
    [{ kind: 'rate', current: null, previous: 0.5 }, null],
    [{ kind: 'rate', current: 0.5, previous: null }, null],
  ])('%j -> %j', (overrides, expected) => {
    expect(kpiChange(kpi(overrides))).toEqual(expected);
  });
});

describe('hasNoSurveys', () => {
  it('is true when nothing was sent nor answered', () => {
    expect(hasNoSurveys(emptyHeadline)).toBe(true);
  });
  it('is false once a survey was sent, even unanswered', () => {
    expect(hasNoSurveys({ ...emptyHeadline, surveyResponseRate: rate(0, 3) })).toBe(false);
  });
  it('is false with answers', () => {
    expect(hasNoSurveys(buildSummary().headline.current)).toBe(false);
  });
});

describe('headlineKpis', () => {
  it('reads NPS and the response rate of both periods', () => {
    const { headline } = buildSummary();
    const { nps, surveyResponseRate } = headlineKpis(headline.current, headline.previous);
    expect(nps).toMatchObject({ current: 40, previous: 0, detail: { count: 20 } });
    expect(surveyResponseRate).toMatchObject({ current: 0.5, detail: { numerator: 20, denominator: 40 } });
  });
});

describe('caseKpis', () => {
  it('counts open cases across severities, fewer being better', () => {
    const open = caseKpis({ current: advancedKpis(1), previous: advancedKpis(2) }).find(
      (k) => k.key === 'openCases',
    );
    expect(open).toMatchObject({
      current: 4,
      previous: 5,
      better: 'lower',
      detail: { high: 1, medium: 2, low: 1 },
    });
  });
});

describe('isQuietPeriod', () => {
  const quiet = {
    ...advancedKpis(1),
    reviews: { ...advancedKpis(1).reviews, total: { count: 0, averageRating: null } },
    cases: { ...advancedKpis(1).cases, opened: 0, resolved: 0 },
    followUps: { ...advancedKpis(1).followUps, sent: 0 },
    recoveryRate: rate(0, 0),
  };
  it('is true when no review, case, follow-up or unhappy patient came', () => {
    expect(isQuietPeriod(quiet)).toBe(true);
  });
  it('is false with a single follow-up', () => {
    expect(isQuietPeriod({ ...quiet, followUps: { ...quiet.followUps, sent: 1 } })).toBe(false);
  });
});
