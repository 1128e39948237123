/**
 * Automatic logoff (HIPAA §164.312(a)(2)(iii)): a session unused for the clinic's idle time ends.
 * 30 minutes by default, the span most clinic policies name; 5 minutes at the least (shorter signs
 * staff out while they talk to a patient) and 12 hours at the most (one working shift).
 */
export const idleSignOutMinutes = { default: 30, min: 5, max: 720 } as const;

/**
 * Activity is written down at most once a minute, so a session may end up to a minute before its
 * idle time is over, never after it.
 */
export const activityRecordIntervalMs = 60_000;

export type SessionActivity = { lastActiveAt: Date; idleMinutes: number; now: Date };

/** True when the session has been idle for longer than the clinic allows. */
export function isIdleExpired({ lastActiveAt, idleMinutes, now }: SessionActivity): boolean {
  return now.getTime() - lastActiveAt.getTime() > idleMinutes * 60_000;
}

/** True when this request's activity should be written down (the last record is a minute old). */
export function shouldRecordActivity(lastActiveAt: Date, now: Date): boolean {
  return now.getTime() - lastActiveAt.getTime() >= activityRecordIntervalMs;
}

export function isValidIdleMinutes(value: number): boolean {
  return Number.isInteger(value) && value >= idleSignOutMinutes.min && value <= idleSignOutMinutes.max;
}
