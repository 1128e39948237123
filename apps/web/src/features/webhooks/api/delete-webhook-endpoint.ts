import type { WebhookEndpoint } from '@careloop/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

function deleteWebhookEndpoint(id: string) {
  return apiFetch<WebhookEndpoint>(`/api/settings/webhook-endpoints/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoints }),
  });
}
