import { describe, expect, it } from 'vitest';
import { analyticsPeriods } from './analytics-period';
import { type AnalyticsInput, analyticsSummary } from './analytics-summary';

const input = (hasAdvancedAnalytics: boolean, canSeeStaff = true): AnalyticsInput => ({
  surveysSent: [
    { day: '2026-01-02', procedure: 'Implant', sent: 1, answered: 1 },
    { day: '2025-12-26', procedure: 'Implant', sent: 1, answered: 1 },
  ],
  surveyScores: [
    { day: '2026-01-03', procedure: 'Implant', score: 10, count: 1 },
    { day: '2025-12-27', procedure: 'Implant', score: 2, count: 1 },
  ],
  reviews: [
    { day: '2026-01-05', platform: 'google', procedure: 'Implant', rating: 4, count: 2, replied: 1 },
    { day: '2026-01-05', platform: 'trustpilot', procedure: 'Implant', rating: 1, count: 1, replied: 0 },
  ],
  cases: [
    {
      kind: 'opened',
      day: '2026-01-02',
      ownerUserId: 'u1',
      procedure: 'Implant',
      count: 1,
      withDueTime: 0,
      metSla: 0,
    },
    {
      kind: 'finished',
      day: '2026-01-03',
      ownerUserId: 'u1',
      procedure: 'Implant',
      count: 1,
      withDueTime: 0,
      metSla: 0,
    },
  ],
  followUps: [
    { channel: 'sms', day: '2026-01-05', sent: 2, delivered: 2, failed: 0, replied: 1, procedure: 'Implant' },
  ],
  signals: [],
  resolutions: [],
  optOuts: [],
  periods: analyticsPeriods('2026-01-01', '2026-01-07', 'Europe/Madrid'),
  facts: {
    current: {
      reviews: { hoursToFirstReply: 3, hoursToFirstContact: null },
      cases: {
        hoursToResolve: 24,
        hoursToResolvePerOwner: [{ ownerUserId: 'u1', hours: 24 }],
        openAtEndBySeverity: { high: 0, medium: 1, low: 0 },
      },
    },
    previous: {
      reviews: { hoursToFirstReply: null, hoursToFirstContact: null },
      cases: {
        hoursToResolve: null,
        hoursToResolvePerOwner: [],
        openAtEndBySeverity: { high: 0, medium: 0, low: 0 },
      },
    },
  },
  timeZone: 'Europe/Madrid',
  hasAdvancedAnalytics,
  canSeeStaff,
});

describe('the analytics summary', () => {
  it('gives a plan without advanced analytics the first row only, both periods', () => {
    const summary = analyticsSummary(input(false));
    expect(summary.headline.current.nps.score).toBe(100);
    expect(summary.headline.previous.nps.score).toBe(-100);
    expect(summary.previousPeriod).toEqual({ from: '2025-12-25', to: '2025-12-31' });
    expect([summary.advanced, summary.breakdowns, summary.series]).toEqual([null, null, null]);
  });

  it('charts a week per day and breaks down per procedure and staff member', () => {
    const summary = analyticsSummary(input(true));
    expect(summary.series?.granularity).toBe('day');
    expect(summary.series?.points).toHaveLength(7);
    expect(summary.series?.points[4]).toMatchObject({
      start: '2026-01-05',
      followUpsSent: 2,
      replies: 1,
      reviews: 3,
      averageRating: 3,
    });
    expect(summary.series?.points[2]).toMatchObject({ start: '2026-01-03', npsScore: 100, casesResolved: 1 });
    expect(summary.breakdowns?.perProcedure).toMatchObject([
      { procedure: 'Implant', followUpsSent: 2, casesOpened: 1, nps: { responses: 1 } },
    ]);
    expect(summary.breakdowns?.perStaff).toMatchObject([{ userId: 'u1', casesResolved: 1 }]);
    expect(summary.advanced?.current.cases).toMatchObject({
      medianHoursToResolve: 24,
      openBySeverity: { high: 0, medium: 1, low: 0 },
    });
    expect(summary.advanced?.current.reviews.medianHoursToFirstReply).toBe(3);
    expect(summary.advanced?.previous.reviews.total.count).toBe(0);
  });

  it('leaves the staff breakdown out for staff', () => {
    expect(analyticsSummary(input(true, false)).breakdowns?.perStaff).toBeNull();
  });
});
