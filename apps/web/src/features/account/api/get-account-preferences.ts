import type { AccountPreferences } from '@careloop/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const accountPreferencesKey = ['account', 'preferences'] as const;

const accountPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: accountPreferencesKey,
    queryFn: ({ signal }) => apiFetch<AccountPreferences>('/api/account/preferences', { signal }),
  });

/** GET /api/account/preferences: the signed-in user's e-mail preferences. */
export function useAccountPreferences() {
  return useQuery(accountPreferencesQueryOptions());
}
