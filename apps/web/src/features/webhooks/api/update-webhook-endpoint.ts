import type { UpdateWebhookEndpointBody, WebhookEndpoint } from '@careloop/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

function updateWebhookEndpoint({ id, body }: { id: string; body: UpdateWebhookEndpointBody }) {
  return apiFetch<WebhookEndpoint>(`/api/settings/webhook-endpoints/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

/** Changes an endpoint or turns it off and on. */
export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoints }),
  });
}
