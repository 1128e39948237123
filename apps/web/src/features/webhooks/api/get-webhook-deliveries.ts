import type { WebhookDeliveryLogResponse } from '@careloop/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

const webhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({
    queryKey: webhooksKeys.deliveries(endpointId),
    queryFn: ({ signal }) =>
      apiFetch<WebhookDeliveryLogResponse>(
        `/api/settings/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`,
        { signal },
      ),
  });

/** An endpoint's delivery log: its newest deliveries and attempts. */
export function useWebhookDeliveries(endpointId: string | null) {
  return useQuery({ ...webhookDeliveriesQueryOptions(endpointId ?? ''), enabled: endpointId !== null });
}
