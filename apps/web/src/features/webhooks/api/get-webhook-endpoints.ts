import type { WebhookEndpointListResponse } from '@careloop/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { webhooksKeys } from './webhooks-keys';

const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: webhooksKeys.endpoints,
    queryFn: ({ signal }) =>
      apiFetch<WebhookEndpointListResponse>('/api/settings/webhook-endpoints', { signal }),
  });

/** The clinic's webhook endpoints (owners and admins), and whether its plan includes them. */
export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions());
}
