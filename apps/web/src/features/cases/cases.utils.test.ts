import { describe, expect, it } from 'vitest';
import { parseStatusFilter, timelinessOf, toCreateCaseBody, validateNewCase } from './cases.utils';

const now = new Date('2025-03-10T12:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

describe('timelinessOf', () => {
  it.each([
    ['open', inHours(-1), 'overdue'],
    ['in_progress', inHours(-0.001), 'overdue'],
    ['open', inHours(0), 'due_soon'],
    ['open', inHours(24), 'due_soon'],
    ['open', inHours(24.01), 'on_time'],
    ['in_progress', inHours(72), 'on_time'],
    ['resolved', inHours(-5), null],
    ['closed', inHours(-5), null],
    ['open', null, null],
  ] as const)('%s due %s -> %s', (status, dueAt, expected) => {
    expect(timelinessOf({ status, dueAt }, now)).toBe(expected);
  });
});

describe('parseStatusFilter', () => {
  it.each([
    [null, 'all'],
    ['open', 'open'],
    ['in_progress', 'in_progress'],
    ['resolved', 'resolved'],
    ['closed', 'all'],
    ['nonsense', 'all'],
  ])('%j -> %s', (value, expected) => {
    expect(parseStatusFilter(value)).toBe(expected);
  });
});

describe('toCreateCaseBody', () => {
  const base = {
    title: ' Call back ',
    description: '',
    severity: 'medium',
    patientId: null,
    dueAt: '',
  } as const;

  it.each([
    [base, { title: 'Call back', severity: 'medium' }],
    [
      { ...base, description: '  details ' },
      { title: 'Call back', severity: 'medium', description: 'details' },
    ],
    [
      { ...base, patientId: 'P-1' },
      { title: 'Call back', severity: 'medium', patientId: 'P-1' },
    ],
    [
      { ...base, dueAt: '2025-03-11T09:30' },
      { title: 'Call back', severity: 'medium', dueAt: new Date('2025-03-11T09:30').toISOString() },
    ],
    [
      { ...base, dueAt: 'not a date' },
      { title: 'Call back', severity: 'medium' },
    ],
  ])('%j', (values, expected) => {
    expect(toCreateCaseBody(values)).toEqual(expected);
  });
});

describe('validateNewCase', () => {
  it.each([
    ['', { title: 'titleRequired' }],
    ['   ', { title: 'titleRequired' }],
    ['Call back', {}],
  ])('title %j', (title, expected) => {
    expect(validateNewCase({ title, description: '', severity: 'low', patientId: null, dueAt: '' })).toEqual(
      expected,
    );
  });
});
