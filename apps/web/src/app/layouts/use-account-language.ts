import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { accountPreferencesKey } from '../../features/account/api/get-account-preferences';
import { changeLanguage, currentLanguage, type SupportedLanguage } from '../../i18n';
import { apiFetch } from '../../lib/api-client';
import { currentUserKeys } from '../../lib/current-user';
import { showError } from '../../lib/notifications';

/**
 * The signed-in app speaks the account's language (GET /api/me), not only what this browser last
 * stored: after a sign-in, a reload or on another computer. Returns what the language menu calls
 * with a choice, which keeps it on the account. Only a change of the account's language switches
 * over, so a refetch that still carries the old one does not undo a choice being saved.
 */
export function useAccountLanguage(accountLanguage: SupportedLanguage | undefined) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();

  useEffect(() => {
    if (accountLanguage && accountLanguage !== currentLanguage()) void changeLanguage(accountLanguage);
  }, [accountLanguage]);

  return useCallback(
    async (language: SupportedLanguage) => {
      try {
        await apiFetch('/api/account/preferences', { method: 'PUT', body: { language } });
      } catch {
        showError({ title: t('languageSaveFailed') });
        return;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountPreferencesKey }),
      ]);
    },
    [queryClient, t],
  );
}
