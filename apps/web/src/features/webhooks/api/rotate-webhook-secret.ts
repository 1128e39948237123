import type { CreatedWebhookEndpoint } from '@careloop/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

function rotateWebhookSecret(endpointId: string) {
  return apiFetch<CreatedWebhookEndpoint>(
    `/api/settings/webhook-endpoints/${encodeURIComponent(endpointId)}/rotate-secret`,
    { method: 'POST' },
  );
}

/** A new signing secret, in the answer only; deliveries carry both signatures until previousSecretExpiresAt. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoints, exact: true }),
  });
}
