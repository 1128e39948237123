import { describe, expect, it } from 'vitest';
import { checkProcedureDate, procedureDateInstant, procedureDateOf } from './procedure-date';

describe('procedureDateInstant / procedureDateOf', () => {
  it.each([
    ['2026-01-01', 'Europe/Istanbul', '2026-01-01T09:00:00.000Z'],
    ['2026-07-01', 'Europe/Madrid', '2026-07-01T10:00:00.000Z'],
    ['2026-01-01', 'America/Los_Angeles', '2026-01-01T20:00:00.000Z'],
    ['2026-03-08', 'America/New_York', '2026-03-08T16:00:00.000Z'], // the day clocks go forward
    ['2026-02-28', 'UTC', '2026-02-28T12:00:00.000Z'],
    ['2024-02-29', 'Pacific/Auckland', '2024-02-28T23:00:00.000Z'],
  ])('%s in %s is stored as %s and read back as the same date', (date, zone, instant) => {
    expect(procedureDateInstant(date, zone).toISOString()).toBe(instant);
    expect(procedureDateOf(procedureDateInstant(date, zone), zone)).toBe(date);
    expect(procedureDateOf(instant, zone)).toBe(date);
  });

  it('keeps the UTC date for zones within 11 hours of UTC (readers of the UTC date agree)', () => {
    for (const zone of ['Europe/Istanbul', 'Asia/Tokyo', 'America/New_York', 'Pacific/Honolulu']) {
      expect(procedureDateInstant('2026-05-04', zone).toISOString().slice(0, 10)).toBe('2026-05-04');
    }
  });

  it('reads an instant stored at any time of day as the date of the clinic zone', () => {
    expect(procedureDateOf(new Date('2026-03-29T23:30:00Z'), 'Europe/Istanbul')).toBe('2026-03-30');
    expect(procedureDateOf(new Date('2026-03-29T02:30:00Z'), 'America/New_York')).toBe('2026-03-28');
  });
});

describe('checkProcedureDate', () => {
  const now = new Date('2026-06-15T10:00:00Z');
  it.each([
    ['2026-06-15', true],
    ['2026-01-01', true],
    ['1900-01-01', true],
    ['2027-06-15', true], // a year ahead: a booked treatment
    ['2027-06-16', false],
    ['1899-12-31', false],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-04-31', false],
    ['26-01-01', false],
    ['2026-1-1', false],
    ['2026-01-01T00:00:00Z', false],
    ['', false],
  ])('%j ok: %s', (date, ok) => {
    expect(checkProcedureDate(date, now, 'Europe/Madrid').ok).toBe(ok);
  });

  it('counts a year ahead from today in the clinic zone', () => {
    const lateEvening = new Date('2026-06-15T23:30:00Z'); // already 16 June in Istanbul
    expect(checkProcedureDate('2027-06-16', lateEvening, 'Europe/Istanbul').ok).toBe(true);
    expect(checkProcedureDate('2027-06-16', lateEvening, 'America/New_York').ok).toBe(false);
  });

  it('names the problem', () => {
    expect(checkProcedureDate('2026-02-30', now, 'UTC')).toEqual({
      ok: false,
      message: expect.objectContaining({ message: 'Please enter the procedure date as YYYY-MM-DD' }),
    });
    expect(checkProcedureDate('2030-01-01', now, 'UTC')).toEqual({
      ok: false,
      message: expect.objectContaining({ message: 'The procedure date can be at most one year ahead' }),
    });
  });
});
