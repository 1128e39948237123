import type { WebhookDeliveryAttempt } from '@careloop/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

function replayWebhookDelivery({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) {
  return apiFetch<WebhookDeliveryAttempt>(
    `/api/settings/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
    { method: 'POST' },
  );
}

/** Sends a delivery again now; the log and the endpoint's state are read again. */
export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: (_attempt, { endpointId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhooksKeys.deliveries(endpointId) }),
        queryClient.invalidateQueries({ queryKey: webhooksKeys.endpoints, exact: true }),
      ]),
  });
}
