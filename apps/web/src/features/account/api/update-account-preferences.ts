import type { AccountPreferences, UpdateAccountPreferences } from '@careloop/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { accountPreferencesKey } from './get-account-preferences';

const updateAccountPreferences = (body: UpdateAccountPreferences) =>
  apiFetch<AccountPreferences>('/api/account/preferences', { method: 'PUT', body });

/** PUT /api/account/preferences; the saved preferences replace the cached ones. */
export function useUpdateAccountPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountPreferences,
    onSuccess: (saved) => queryClient.setQueryData(accountPreferencesKey, saved),
  });
}
