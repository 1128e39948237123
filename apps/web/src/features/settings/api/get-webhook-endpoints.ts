import type { WebhookEndpointListResponse } from '@careloop/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.webhookEndpoints,
    queryFn: ({ signal }) =>
      apiFetch<WebhookEndpointListResponse>('/api/settings/webhook-endpoints', { signal }),
  });

/** The clinic's webhook endpoints (owners and admins), and whether its plan includes them. */
export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions());
}
