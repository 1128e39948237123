import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  localDateTimeToIso,
  parseStatusFilter,
  timelinessOf,
  toCreateCaseBody,
  validateNewCase,
} from './cases.utils';

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

  it("reads the due time on the clinic's clocks, whatever the browser's zone", () => {
    expect(toCreateCaseBody({ ...base, dueAt: '2026-03-29T09:30' }, 'Europe/Istanbul')).toEqual({
      title: 'Call back',
      severity: 'medium',
      dueAt: '2026-03-29T06:30:00.000Z',
    });
  });
});

describe("localDateTimeToIso: a datetime-local value on the clinic's clocks", () => {
  it.each([
    // Istanbul keeps UTC+3 all year.
    ['2026-03-29T09:30', 'Europe/Istanbul', '2026-03-29T06:30:00.000Z'],
    ['2026-10-25T02:30', 'Europe/Istanbul', '2026-10-24T23:30:00.000Z'],
    ['2026-01-15T00:00', 'Europe/Istanbul', '2026-01-14T21:00:00.000Z'],
    // Madrid: UTC+1 in winter, UTC+2 in summer.
    ['2026-01-15T09:30', 'Europe/Madrid', '2026-01-15T08:30:00.000Z'],
    ['2026-07-01T09:30:15', 'Europe/Madrid', '2026-07-01T07:30:15.000Z'],
    // 29 March 2026: 02:00 becomes 03:00, so 01:59 is still winter time and 03:00 summer time.
    ['2026-03-29T01:59', 'Europe/Madrid', '2026-03-29T00:59:00.000Z'],
    ['2026-03-29T03:00', 'Europe/Madrid', '2026-03-29T01:00:00.000Z'],
    ['2026-03-29T09:30', 'Europe/Madrid', '2026-03-29T07:30:00.000Z'],
    // 02:30 never shows on the clocks that night: read as 03:30 summer time.
    ['2026-03-29T02:30', 'Europe/Madrid', '2026-03-29T01:30:00.000Z'],
    // 25 October 2026: 03:00 goes back to 02:00, so 02:30 shows twice; the first is meant.
    ['2026-10-25T02:30', 'Europe/Madrid', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25T09:30', 'Europe/Madrid', '2026-10-25T08:30:00.000Z'],
    ['2026-10-24T23:59', 'Europe/Madrid', '2026-10-24T21:59:00.000Z'],
    ['not a date', 'Europe/Madrid', null],
    ['2026-02-30T09:30', 'Europe/Madrid', null],
    ['2026-03-29T24:00', 'Europe/Madrid', null],
    ['', 'Europe/Madrid', null],
  ])('%s in %s -> %s', (value, timeZone, expected) => {
    expect(localDateTimeToIso(value, timeZone)).toBe(expected);
  });
});

describe("formatDateTime: the clinic's clock in the reader's language", () => {
  it.each([
    ['2026-03-29T06:30:00.000Z', 'en', 'Europe/Istanbul', 'Mar 29, 2026, 9:30 AM'],
    ['2026-03-29T07:30:00.000Z', 'es', 'Europe/Madrid', '29 mar 2026, 9:30'],
    ['2026-03-29T00:59:00.000Z', 'es', 'Europe/Madrid', '29 mar 2026, 1:59'],
    ['2026-10-25T08:30:00.000Z', 'tr', 'Europe/Madrid', '25 Eki 2026 09:30'],
    ['2026-10-24T22:30:00.000Z', 'tr', 'Europe/Istanbul', '25 Eki 2026 01:30'],
  ])('%s in %s, %s -> %s', (iso, language, timeZone, expected) => {
    expect(formatDateTime(iso, language, timeZone)).toBe(expected);
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
