import { describe, expect, it } from 'vitest';
import { dueDigest, nextDigestAt } from './daily-digest';

const iso = (date: Date | undefined) => date?.toISOString();

describe('the digest is due at 08:00 on the clinic clocks', () => {
  it.each([
    // Madrid in winter (CET, +01:00): 08:00 is 07:00Z.
    ['Europe/Madrid', '2026-01-15T06:59:59Z', null],
    ['Europe/Madrid', '2026-01-15T07:00:00Z', '2026-01-15'],
    // Madrid in summer (CEST, +02:00): 08:00 is 06:00Z.
    ['Europe/Madrid', '2026-07-15T05:59:59Z', null],
    ['Europe/Madrid', '2026-07-15T06:00:00Z', '2026-07-15'],
    // Istanbul (+03:00 all year): 08:00 is 05:00Z.
    ['Europe/Istanbul', '2026-01-15T04:59:59Z', null],
    ['Europe/Istanbul', '2026-01-15T05:00:00Z', '2026-01-15'],
    ['Europe/Istanbul', '2026-07-15T05:00:00Z', '2026-07-15'],
    // Noon local and later: that day's digest is no longer sent.
    ['Europe/Madrid', '2026-01-15T10:59:59Z', '2026-01-15'],
    ['Europe/Madrid', '2026-01-15T11:00:00Z', null],
    ['America/New_York', '2026-03-08T12:00:00Z', '2026-03-08'],
    ['America/New_York', '2026-03-08T11:59:00Z', null],
  ])('%s at %s: %s', (zone, at, expected) => {
    expect(dueDigest(new Date(at), zone)?.digestDate ?? null).toBe(expected);
  });

  it('reports local 08:00 to 08:00, 23 hours on the night the clocks go forward', () => {
    const spring = dueDigest(new Date('2026-03-29T06:00:00Z'), 'Europe/Madrid');
    expect(iso(spring?.windowStart)).toBe('2026-03-28T07:00:00.000Z');
    expect(iso(spring?.windowEnd)).toBe('2026-03-29T06:00:00.000Z');
    const autumn = dueDigest(new Date('2026-10-25T07:00:00Z'), 'Europe/Madrid');
    expect(iso(autumn?.windowStart)).toBe('2026-10-24T06:00:00.000Z');
    expect(iso(autumn?.windowEnd)).toBe('2026-10-25T07:00:00.000Z');
  });

  it.each([
    ['Europe/Madrid', '2026-01-15T06:00:00Z', '2026-01-15T07:00:00.000Z'],
    ['Europe/Madrid', '2026-01-15T07:00:00Z', '2026-01-16T07:00:00.000Z'],
    ['Europe/Madrid', '2026-03-28T09:00:00Z', '2026-03-29T06:00:00.000Z'],
    ['Europe/Istanbul', '2026-07-15T12:00:00Z', '2026-07-16T05:00:00.000Z'],
  ])('next digest in %s after %s is %s', (zone, at, expected) => {
    expect(nextDigestAt(new Date(at), zone).toISOString()).toBe(expected);
  });
});
