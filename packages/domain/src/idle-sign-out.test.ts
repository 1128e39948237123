import { describe, expect, it } from 'vitest';
import { isIdleExpired, isValidIdleMinutes, shouldRecordActivity } from './idle-sign-out';

const at = (minutes: number, seconds = 0) => new Date(Date.UTC(2026, 10, 24, 9, minutes, seconds));

describe('idle sign-out', () => {
  it.each([
    [at(0), 30, at(29, 59), false],
    [at(0), 30, at(30), false],
    [at(0), 30, at(30, 1), true],
    [at(0), 5, at(5, 1), true],
    [at(10), 30, at(12), false],
  ])('last active %s, %i min allowed, now %s: expired %s', (lastActiveAt, idleMinutes, now, expected) => {
    expect(isIdleExpired({ lastActiveAt, idleMinutes, now })).toBe(expected);
  });

  it.each([
    [at(0), at(0, 59), false],
    [at(0), at(1), true],
    [at(0), at(45), true],
  ])('activity at %s recorded again at %s: %s', (last, now, expected) => {
    expect(shouldRecordActivity(last, now)).toBe(expected);
  });

  it.each([
    [4, false],
    [5, true],
    [30, true],
    [720, true],
    [721, false],
    [30.5, false],
    [Number.NaN, false],
  ])('%s minutes is a valid setting: %s', (minutes, expected) => {
    expect(isValidIdleMinutes(minutes)).toBe(expected);
  });
});
