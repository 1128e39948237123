import { describe, expect, it } from 'vitest';
import {
  formatWeekLabel,
  shouldShowAttention,
  systemStatuses,
  weeklyCaseTotals,
  weeklyReviewTotals,
} from './dashboard.utils';

describe('shouldShowAttention', () => {
  it.each([
    [0, 0, false],
    [1, 0, true],
    [0, 1, true],
    [3, 2, true],
  ])('%i high-priority cases, %i high-risk alerts -> %s', (highPriority, highRisk, expected) => {
    expect(shouldShowAttention({ cases: { open: 5, highPriority }, alerts: { active: 5, highRisk } })).toBe(
      expected,
    );
  });
});

describe('systemStatuses', () => {
  const dailyDigest = {
    state: 'scheduled' as const,
    sendTime: '08:00',
    timeZone: 'Europe/Madrid',
    nextAt: '2026-01-15T07:00:00.000Z',
    recipients: 2,
    lastSentAt: null,
  };

  it.each(['active', 'failing', 'pending', 'notConfigured'] as const)(
    'review monitoring %s is shown as the server computed it',
    (state) => {
      const reviewMonitoring = {
        state,
        lastSuccessAt: null,
        failingSince: null,
        failingProvider: null,
        errorCode: null,
      };
      const statuses = systemStatuses({
        system: { reviewSourceConfigured: state !== 'notConfigured', reviewMonitoring, dailyDigest },
      });
      expect(statuses).toEqual([
        { key: 'reviewMonitoring', state },
        { key: 'patientMatching', state: 'ready' },
        { key: 'caseAutomation', state: 'active' },
        { key: 'dailyDigest', state: 'scheduled' },
      ]);
    },
  );
});

describe('weeklyReviewTotals', () => {
  it.each([
    [[], { count: 0, averageRating: null }],
    [[{ weekStart: '2025-03-03', count: 0, averageRating: null }], { count: 0, averageRating: null }],
    [
      [
        { weekStart: '2025-03-03', count: 1, averageRating: 2 },
        { weekStart: '2025-03-10', count: 3, averageRating: 5 },
      ],
      { count: 4, averageRating: 4.3 },
    ],
  ])('%j', (weeks, expected) => {
    expect(weeklyReviewTotals(weeks)).toEqual(expected);
  });
});

describe('weeklyCaseTotals', () => {
  it('sums opened and resolved', () => {
    expect(
      weeklyCaseTotals([
        { weekStart: '2025-03-03', opened: 2, resolved: 1 },
        { weekStart: '2025-03-10', opened: 0, resolved: 3 },
      ]),
    ).toEqual({ opened: 2, resolved: 4 });
  });
});

describe('formatWeekLabel', () => {
  it.each([
    ['2025-03-10', 'en', 'Mar 10'],
    ['2025-03-10', 'es', '10 mar'],
    ['2025-12-29', 'en', 'Dec 29'],
  ])('%s in %s -> %s', (weekStart, language, expected) => {
    expect(formatWeekLabel(weekStart, language)).toBe(expected);
  });
});
