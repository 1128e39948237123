import type {
  SaveAutomationSettingsBody,
  SaveAutomationSettingsResponse,
} from '@careloop/contracts/automation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { followupKeys } from './followup-keys';

export function saveAutomationSettings(body: SaveAutomationSettingsBody) {
  return apiFetch<SaveAutomationSettingsResponse>('/api/automation/settings', { method: 'PUT', body });
}

/** PUT /api/automation/settings: the answer replaces the cached settings. */
export function useSaveAutomationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutomationSettings,
    onSuccess: (answer) => queryClient.setQueryData(followupKeys.settings, answer.settings),
  });
}
