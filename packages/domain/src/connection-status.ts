// What a credential's badge says (Settings): the last real result with its time, never "connected"
// on the strength of a saved secret alone.

export const connectionStates = ['not_configured', 'untested', 'connected', 'failed'] as const;
export type ConnectionState = (typeof connectionStates)[number];

export type CredentialCheck = {
  readonly status: 'healthy' | 'unhealthy' | 'unknown';
  readonly detail: string | null;
  readonly checkedAt: Date;
};

export type ConnectionStatus = {
  readonly state: ConnectionState;
  /** When the shown result was obtained (null: never checked). */
  readonly checkedAt: Date | null;
  /** What the provider said, without any secret (failed checks). */
  readonly detail: string | null;
};

/**
 * The badge of a credential from whether it is saved and its latest check (a save records an
 * `unknown` check: new credentials are untested until something calls the provider with them).
 */
export function connectionStatusOf(configured: boolean, latest: CredentialCheck | null): ConnectionStatus {
  if (!configured) return { state: 'not_configured', checkedAt: null, detail: null };
  if (latest === null || latest.status === 'unknown')
    return { state: 'untested', checkedAt: null, detail: null };
  return {
    state: latest.status === 'healthy' ? 'connected' : 'failed',
    checkedAt: latest.checkedAt,
    detail: latest.status === 'unhealthy' ? latest.detail : null,
  };
}
