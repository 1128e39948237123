import { ApiError } from './api-client';

/** Why the last session ended, kept for the sign-in page across the redirect (this tab only). */
const reasonKey = 'careloop:session-ended';

export const isSessionIdleError = (error: unknown) =>
  error instanceof ApiError && error.code === 'SESSION_IDLE';

export function rememberIdleSignOut() {
  try {
    sessionStorage.setItem(reasonKey, 'idle');
  } catch {
    // Storage off (private mode): the sign-in page just shows no reason.
  }
}

/** The reason remembered by `rememberIdleSignOut`, forgotten as it is read. */
export function takeSignOutReason(): 'idle' | null {
  try {
    const reason = sessionStorage.getItem(reasonKey);
    sessionStorage.removeItem(reasonKey);
    return reason === 'idle' ? 'idle' : null;
  } catch {
    return null;
  }
}
