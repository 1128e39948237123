import type { WebhookDeliveryAttempt } from '@careloop/contracts/webhooks';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

function sendWebhookTestEvent(endpointId: string) {
  return apiFetch<WebhookDeliveryAttempt>(
    `/api/settings/webhook-endpoints/${encodeURIComponent(endpointId)}/test`,
    { method: 'POST' },
  );
}

/** "Send test event": an event's example sent to the endpoint now, once; answers the attempt. */
export function useSendWebhookTestEvent() {
  return useMutation({ mutationFn: sendWebhookTestEvent });
}
