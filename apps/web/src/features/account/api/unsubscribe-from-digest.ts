import { apiFetch } from '../../../lib/api-client';

/** POST /api/digest/unsubscribe: the token of the digest's link turns it off, no sign-in needed. */
export const unsubscribeFromDigest = (token: string) =>
  apiFetch<{ unsubscribed: true }>('/api/digest/unsubscribe', { method: 'POST', body: { token } });
