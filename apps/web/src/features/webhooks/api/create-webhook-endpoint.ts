import type { CreatedWebhookEndpoint, CreateWebhookEndpointBody } from '@careloop/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

function createWebhookEndpoint(body: CreateWebhookEndpointBody) {
  return apiFetch<CreatedWebhookEndpoint>('/api/settings/webhook-endpoints', { method: 'POST', body });
}

/** Adds an endpoint; the answer carries its signing secret, shown once. */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoints }),
  });
}
