import type { ConnectionTestResponse, TestSmsBody } from '@careloop/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

function testSmsConnection(body: TestSmsBody) {
  return apiFetch<ConnectionTestResponse>('/api/settings/sms/test', { method: 'POST', body });
}

/** The result becomes the credential's badge when the saved credentials were tested: settings are read again. */
export function useTestSmsConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testSmsConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.settings }),
  });
}
