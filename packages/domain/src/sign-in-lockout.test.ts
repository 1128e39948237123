import { describe, expect, it } from 'vitest';
import {
  claimSignInAttempt,
  cooldownSeconds,
  freshSignInThrottle,
  normalizeSignInEmail,
  type SignInThrottle,
  signInLockoutPolicy,
} from './sign-in-lockout';

const t0 = new Date('2026-03-01T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const state = (change: Partial<SignInThrottle>): SignInThrottle => ({ ...freshSignInThrottle, ...change });

describe('claimSignInAttempt', () => {
  it.each([
    ['first attempt', freshSignInThrottle, 0, { allowed: true, attempts: 1, locked: false }],
    [
      'third attempt in the window',
      state({ attempts: 2, windowStartedAt: t0 }),
      60,
      { allowed: true, attempts: 3, locked: false },
    ],
    [
      'fifth attempt spends the budget and locks if it fails',
      state({ attempts: 4, windowStartedAt: t0 }),
      60,
      { allowed: true, attempts: 5, locked: true },
    ],
    [
      'window over: the count starts again',
      state({ attempts: 4, windowStartedAt: t0 }),
      15 * 60,
      { allowed: true, attempts: 1, locked: false },
    ],
    [
      'locked: refused',
      state({ attempts: 5, windowStartedAt: t0, lockedUntil: at(300), lockouts: 1 }),
      299,
      { allowed: false },
    ],
    [
      'lock over: a fresh budget',
      state({ attempts: 5, windowStartedAt: t0, lockedUntil: at(300), lockouts: 1 }),
      300,
      { allowed: true, attempts: 1, locked: false },
    ],
  ] as const)('%s', (_label, before, secondsLater, expected) => {
    const decision = claimSignInAttempt(before, at(secondsLater));
    expect(decision.allowed).toBe(expected.allowed);
    if (decision.allowed && expected.allowed) {
      expect(decision.next.attempts).toBe(expected.attempts);
      expect(decision.locksIfFailed).toBe(expected.locked);
      expect(decision.next.lockedUntil !== null).toBe(expected.locked);
    }
  });

  it('a locked account tells how long is left and does not count the refused attempt', () => {
    const locked = state({ attempts: 5, windowStartedAt: t0, lockedUntil: at(300), lockouts: 1 });
    const decision = claimSignInAttempt(locked, at(100.5));
    expect(decision).toEqual({ allowed: false, next: locked, retryAfterSeconds: 200 });
  });

  it.each([
    [0, 5 * 60],
    [1, 10 * 60],
    [2, 20 * 60],
    [3, 40 * 60],
    [4, 60 * 60],
    [9, 60 * 60],
  ])('after %i earlier lockouts the cool-down is %i s', (lockouts, expected) => {
    expect(cooldownSeconds(lockouts)).toBe(expected);
    const decision = claimSignInAttempt(state({ attempts: 4, windowStartedAt: t0, lockouts }), at(10));
    expect(decision.allowed && decision.next.lockedUntil?.getTime()).toBe(at(10 + expected).getTime());
  });

  it('a day without a lockout forgets the earlier ones', () => {
    const old = state({ attempts: 4, windowStartedAt: t0, lockouts: 3 });
    const aDayLater = signInLockoutPolicy.forgetLockoutsAfterSeconds;
    const decision = claimSignInAttempt(old, at(aDayLater));
    expect(decision.allowed && decision.next.lockouts).toBe(0);
  });

  it('the budget is the policy number: five attempts, then refused', () => {
    let current = freshSignInThrottle;
    const allowed: boolean[] = [];
    for (let i = 0; i < 7; i++) {
      const decision = claimSignInAttempt(current, at(i));
      allowed.push(decision.allowed);
      current = decision.next;
    }
    expect(allowed).toEqual([true, true, true, true, true, false, false]);
  });
});

describe('normalizeSignInEmail', () => {
  it.each([
    ['Ana@Clinic.COM', 'ana@clinic.com'],
    ['  ana@clinic.com ', 'ana@clinic.com'],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeSignInEmail(input)).toBe(expected);
  });
});
