import type { ConnectionTestResponse, TestWhatsAppBody } from '@careloop/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

function testWhatsAppConnection(body: TestWhatsAppBody) {
  return apiFetch<ConnectionTestResponse>('/api/settings/whatsapp/test', { method: 'POST', body });
}

/** The result becomes the credential's badge when the saved credentials were tested: settings are read again. */
export function useTestWhatsAppConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testWhatsAppConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.settings }),
  });
}
