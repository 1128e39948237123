import type { ClinicSettings } from '@careloop/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserKeys } from '../../../lib/current-user';
import { settingsKeys } from './settings-keys';

/**
 * Every settings save answers the whole ClinicSettings: it replaces the cached copy. The clinic's
 * name and category also show in /api/me, which is refetched.
 */
export function useSettingsMutation<Body>(save: (body: Body) => Promise<ClinicSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
    },
  });
}
