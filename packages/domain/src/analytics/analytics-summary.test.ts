import { describe, expect, it } from 'vitest';
import { analyticsPeriods } from './analytics-period';
import { type AnalyticsInput, analyticsSummary } from './analytics-summary';

const input = (hasAdvancedAnalytics: boolean, canSeeStaff = true): AnalyticsInput => ({
  surveys: [
    {
      sentAt: new Date('2026-01-02T09:00:00Z'),
      answeredAt: new Date('2026-01-03T09:00:00Z'),
      score: 10,
      procedure: 'Implant',
    },
    {
      sentAt: new Date('2025-12-26T09:00:00Z'),
      answeredAt: new Date('2025-12-27T09:00:00Z'),
      score: 2,
      procedure: 'Implant',
    },
  ],
  reviews: [],
  cases: [
    {
      severity: 'high',
      createdAt: new Date('2026-01-02T09:00:00Z'),
      resolvedAt: new Date('2026-01-03T09:00:00Z'),
      dueAt: null,
      ownerUserId: 'u1',
      procedure: 'Implant',
    },
  ],
  followUps: [
    { channel: 'sms', day: '2026-01-05', sent: 2, delivered: 2, failed: 0, replied: 1, procedure: 'Implant' },
  ],
  signals: [],
  resolutions: [],
  optOuts: [],
  periods: analyticsPeriods('2026-01-01', '2026-01-07', 'Europe/Madrid'),
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
    expect(summary.series?.points[4]).toMatchObject({ start: '2026-01-05', followUpsSent: 2, replies: 1 });
    expect(summary.breakdowns?.perProcedure).toMatchObject([
      { procedure: 'Implant', followUpsSent: 2, casesOpened: 1, nps: { responses: 1 } },
    ]);
    expect(summary.breakdowns?.perStaff).toMatchObject([{ userId: 'u1', casesResolved: 1 }]);
    expect(summary.advanced?.current.cases.medianHoursToResolve).toBe(24);
  });

  it('leaves the staff breakdown out for staff', () => {
    expect(analyticsSummary(input(true, false)).breakdowns?.perStaff).toBeNull();
  });
});
