import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedCaseActions,
  CaseTransitionError,
  caseDueAt,
  caseStatuses,
  caseTimeliness,
  isHighPriorityCase,
  transitionCase,
} from './case-rules';

const now = new Date('2025-06-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const hour = 60 * 60 * 1000;

describe('caseDueAt', () => {
  it.each([
    ['2025-06-01T12:00:00.000Z', '2025-06-02T12:00:00.000Z'],
    ['2025-12-31T23:30:00.000Z', '2026-01-01T23:30:00.000Z'],
    ['2024-02-28T10:00:00.000Z', '2024-02-29T10:00:00.000Z'],
  ])('a review case created %s is due %s', (created, due) => {
    expect(caseDueAt(new Date(created)).toISOString()).toBe(due);
  });
});

describe('caseTimeliness', () => {
  it.each([
    ['open', -1, 'overdue'],
    ['in_progress', -hour, 'overdue'],
    ['open', 0, 'due_soon'],
    ['open', 1, 'due_soon'],
    ['in_progress', 24 * hour - 1, 'due_soon'],
    ['open', 24 * hour, 'due_soon'],
    ['open', 24 * hour + 1, 'on_time'],
    ['open', 7 * 24 * hour, 'on_time'],
    ['resolved', -hour, null],
    ['closed', -hour, null],
    ['resolved', hour, null],
  ] as const)('%s case due now %+d ms -> %s', (status, offset, expected) => {
    expect(caseTimeliness({ status, dueAt: at(offset) }, now)).toBe(expected);
  });

  it.each(caseStatuses)('%s case without a due time has no badge', (status) => {
    expect(caseTimeliness({ status, dueAt: null }, now)).toBeNull();
  });

  it('a fresh review case is due soon, and overdue just after 24 hours', () => {
    const due = caseDueAt(now);
    expect(caseTimeliness({ status: 'open', dueAt: due }, now)).toBe('due_soon');
    expect(caseTimeliness({ status: 'open', dueAt: due }, at(24 * hour + 1))).toBe('overdue');
  });

  it('is overdue exactly when the due time is before now', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), (offset) => {
        const badge = caseTimeliness({ status: 'open', dueAt: at(offset) }, now);
        expect(badge === 'overdue').toBe(offset < 0);
        expect(badge === 'on_time').toBe(offset > 24 * hour);
      }),
    );
  });
});

describe('isHighPriorityCase', () => {
  it.each([
    ['high', 'open', true],
    ['high', 'in_progress', true],
    ['high', 'resolved', false],
    ['high', 'closed', false],
    ['medium', 'open', false],
    ['low', 'in_progress', false],
  ] as const)('%s / %s -> %s', (severity, status, expected) => {
    expect(isHighPriorityCase({ severity, status })).toBe(expected);
  });
});

describe('transitionCase', () => {
  it.each([
    ['open', ['start', 'resolve']],
    ['in_progress', ['resolve']],
    ['resolved', []],
    ['closed', []],
  ] as const)('%s allows %j', (status, actions) => {
    expect(allowedCaseActions(status)).toEqual(actions);
  });

  it.each([
    ['open', 'start', { status: 'in_progress', resolvedAt: null }],
    ['open', 'resolve', { status: 'resolved', resolvedAt: now }],
    ['in_progress', 'resolve', { status: 'resolved', resolvedAt: now }],
  ] as const)('%s + %s', (status, action, expected) => {
    expect(transitionCase(status, action, now)).toEqual(expected);
  });

  it.each([
    ['in_progress', 'start'],
    ['resolved', 'start'],
    ['resolved', 'resolve'],
    ['closed', 'start'],
    ['closed', 'resolve'],
  ] as const)('refuses %s + %s', (status, action) => {
    expect(() => transitionCase(status, action, now)).toThrow(CaseTransitionError);
    expect(() => transitionCase(status, action, now)).toThrow(`Cannot ${action} a case that is ${status}`);
  });
});
