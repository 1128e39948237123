export type ConfirmationState = 'loading' | 'success' | 'invalidLink' | 'failed' | 'unexpected';

export const confirmationRedirectDelayMs = 3000;

/** Both query parameters are required; without either the link is invalid. */
export function readConfirmationParams(params: URLSearchParams): { token: string; type: string } | null {
  const token = params.get('token')?.trim();
  const type = params.get('type')?.trim();
  return token && type ? { token, type } : null;
}
