import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checklistProgress,
  healthStatus,
  healthStatusLabels,
  loadTimeRating,
  loadTimeRatingLabels,
  type QaPriority,
  qaPriorities,
  type SecurityCheckStatus,
  securityScore,
} from './monitoring-rules';

describe('healthStatus', () => {
  it.each([
    [0, 'Healthy'],
    [1, 'Minor Issues'],
    [4, 'Minor Issues'],
    [5, 'Needs Attention'],
    [500, 'Needs Attention'],
  ])('%d errors -> %s', (errors, label) => {
    expect(healthStatusLabels[healthStatus(errors)]).toBe(label);
  });

  it.each([-1, 1.5, Number.NaN])('rejects %d', (errors) => {
    expect(() => healthStatus(errors)).toThrow(RangeError);
  });
});

describe('loadTimeRating', () => {
  it.each([
    [0, 'Fast'],
    [1999.9, 'Fast'],
    [2000, 'Acceptable'],
    [4999, 'Acceptable'],
    [5000, 'Slow'],
    [60_000, 'Slow'],
  ])('%d ms -> %s', (ms, label) => {
    expect(loadTimeRatingLabels[loadTimeRating(ms)]).toBe(label);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (ms) => {
    expect(() => loadTimeRating(ms)).toThrow(RangeError);
  });

  it('gets no faster as the load time grows', () => {
    const order = ['fast', 'acceptable', 'slow'];
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(order.indexOf(loadTimeRating(low))).toBeLessThanOrEqual(order.indexOf(loadTimeRating(high)));
        },
      ),
    );
  });
});

describe('securityScore', () => {
  const checks = (...statuses: SecurityCheckStatus[]) => statuses.map((status) => ({ status }));

  it.each([
    [checks(), 0],
    [checks('pass'), 100],
    [checks('pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass'), 100],
    [checks('pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'warning'), 87],
    [checks('pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'fail', 'warning'), 75],
    [checks('pass', 'pass', 'fail'), 66],
    [checks('warning', 'fail'), 0],
  ])('%j -> %d', (list, score) => {
    expect(securityScore(list)).toBe(score);
  });
});

describe('checklistProgress', () => {
  const test = (priority: QaPriority, completed: boolean) => ({ priority, completed });

  it.each([
    [
      [],
      {
        total: 0,
        completed: 0,
        percentage: 0,
        critical: 0,
        criticalCompleted: 0,
        criticalPercentage: 0,
        criticalRemaining: 0,
        isReady: false,
      },
    ],
    [
      [test('critical', true), test('critical', true), test('high', false), test('low', true)],
      {
        total: 4,
        completed: 3,
        percentage: 75,
        critical: 2,
        criticalCompleted: 2,
        criticalPercentage: 100,
        criticalRemaining: 0,
        isReady: true,
      },
    ],
    [
      [test('critical', true), test('critical', true), test('critical', false), test('medium', true)],
      {
        total: 4,
        completed: 3,
        percentage: 75,
        critical: 3,
        criticalCompleted: 2,
        criticalPercentage: 66,
        criticalRemaining: 1,
        isReady: false,
      },
    ],
    [
      [test('high', true), test('medium', true)],
      {
        total: 2,
        completed: 2,
        percentage: 100,
        critical: 0,
        criticalCompleted: 0,
        criticalPercentage: 0,
        criticalRemaining: 0,
        isReady: false,
      },
    ],
  ])('%j', (tests, expected) => {
    expect(checklistProgress(tests)).toEqual(expected);
  });

  it('is ready exactly when the critical percentage reads 100', () => {
    const tests = fc.array(
      fc.record({ priority: fc.constantFrom(...qaPriorities), completed: fc.boolean() }),
      { maxLength: 400 },
    );
    fc.assert(
      fc.property(tests, (list) => {
        const progress = checklistProgress(list);
        expect(progress.isReady).toBe(progress.criticalPercentage === 100);
        expect(progress.criticalRemaining).toBe(progress.critical - progress.criticalCompleted);
      }),
    );
  });
});
