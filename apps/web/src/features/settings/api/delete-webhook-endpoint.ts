import type { WebhookEndpoint } from '@careloop/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

function deleteWebhookEndpoint(id: string) {
  return apiFetch<WebhookEndpoint>(`/api/settings/webhook-endpoints/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.webhookEndpoints }),
  });
}
