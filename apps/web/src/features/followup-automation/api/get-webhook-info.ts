import type { WebhookInfo } from '@careloop/contracts/webhook-info';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { followupKeys } from './followup-keys';

export function getWebhookInfo(signal?: AbortSignal) {
  return apiFetch<WebhookInfo>('/api/automation/webhooks', { signal });
}

const webhookInfoQueryOptions = () =>
  queryOptions({ queryKey: followupKeys.webhooks, queryFn: ({ signal }) => getWebhookInfo(signal) });

/** GET /api/automation/webhooks: this deployment's webhook URLs and the verify token status. */
export function useWebhookInfo() {
  return useQuery(webhookInfoQueryOptions());
}
