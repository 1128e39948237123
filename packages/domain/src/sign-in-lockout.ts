/**
 * Per-account sign-in lockout (ARCHITECTURE.md, "Runtime choices"). Every attempt on an e-mail
 * address counts, known account or not, so the answers never tell whether an account exists.
 * An attempt is counted before the password is checked: concurrent guesses from many addresses
 * cannot slip past the budget. A successful sign-in or a password reset forgets the account's
 * counters (the server deletes them).
 */
export const signInLockoutPolicy = {
  /** Failed attempts on one account within the window that lock it. */
  maxFailedAttempts: 5,
  windowSeconds: 15 * 60,
  /** The first cool-down; each further lockout without a success between doubles it, up to the cap. */
  firstCooldownSeconds: 5 * 60,
  maxCooldownSeconds: 60 * 60,
  /** A day without a lockout forgets earlier ones: the next cool-down is the first again. */
  forgetLockoutsAfterSeconds: 24 * 60 * 60,
  /** Sign-ins per minute from one client address, any account: a clinic behind one router shares it. */
  perAddressPerMinute: 30,
} as const;

export type SignInLockoutPolicy = {
  readonly [K in keyof typeof signInLockoutPolicy]: number;
};

/** What is remembered per account (per normalised e-mail address). */
export type SignInThrottle = {
  /** Attempts counted in the current window. */
  attempts: number;
  windowStartedAt: Date | null;
  lockedUntil: Date | null;
  /** Lockouts since the last success, which set the length of the next cool-down. */
  lockouts: number;
};

export const freshSignInThrottle: SignInThrottle = {
  attempts: 0,
  windowStartedAt: null,
  lockedUntil: null,
  lockouts: 0,
};

export type SignInAttemptDecision =
  | {
      allowed: true;
      next: SignInThrottle;
      /** This attempt used the last of the budget: if it fails, the account is locked from now. */
      locksIfFailed: boolean;
    }
  | { allowed: false; next: SignInThrottle; retryAfterSeconds: number };

export function cooldownSeconds(lockouts: number, policy: SignInLockoutPolicy = signInLockoutPolicy) {
  const doubled = policy.firstCooldownSeconds * 2 ** Math.max(0, lockouts);
  return Math.min(doubled, policy.maxCooldownSeconds);
}

const seconds = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/**
 * Counts one sign-in attempt at `now`, or refuses it while the account is locked (right password
 * included). The attempt that spends the budget locks the account at once; its success (see
 * the server forgetting the counters) lifts the lock again.
 */
export function claimSignInAttempt(
  state: SignInThrottle,
  now: Date,
  policy: SignInLockoutPolicy = signInLockoutPolicy,
): SignInAttemptDecision {
  if (state.lockedUntil && state.lockedUntil > now) {
    return { allowed: false, next: state, retryAfterSeconds: Math.ceil(seconds(now, state.lockedUntil)) };
  }
  const lastEvent = state.lockedUntil ?? state.windowStartedAt;
  const lockouts =
    lastEvent && seconds(lastEvent, now) >= policy.forgetLockoutsAfterSeconds ? 0 : state.lockouts;
  const windowOver =
    state.windowStartedAt === null ||
    state.lockedUntil !== null ||
    seconds(state.windowStartedAt, now) >= policy.windowSeconds;
  const attempts = windowOver ? 1 : state.attempts + 1;
  const windowStartedAt = windowOver ? now : state.windowStartedAt;
  if (attempts < policy.maxFailedAttempts) {
    return {
      allowed: true,
      next: { attempts, windowStartedAt, lockedUntil: null, lockouts },
      locksIfFailed: false,
    };
  }
  const lockedUntil = new Date(now.getTime() + cooldownSeconds(lockouts, policy) * 1000);
  return {
    allowed: true,
    next: { attempts, windowStartedAt, lockedUntil, lockouts: lockouts + 1 },
    locksIfFailed: true,
  };
}

/** The key counters are stored under: one per e-mail address, whatever its case or spacing. */
export function normalizeSignInEmail(email: string): string {
  return email.trim().toLowerCase();
}
