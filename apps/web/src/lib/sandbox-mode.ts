import type {
  SampleReviewsResponse,
  SandboxModeState,
  SandboxTestCredentials,
  SandboxWebhookSecrets,
  SwitchSandboxModeResponse,
} from '@careloop/contracts/sandbox';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-client';

const sandboxModeKeys = { all: ['sandbox-mode'] as const };

const sandboxModeQueryOptions = () =>
  queryOptions({
    queryKey: sandboxModeKeys.all,
    queryFn: ({ signal }) => apiFetch<SandboxModeState>('/api/settings/sandbox-mode', { signal }),
  });

/** GET /api/settings/sandbox-mode: whether this server offers sandbox mode, and whether the clinic is in it. */
export function useSandboxMode() {
  return useQuery(sandboxModeQueryOptions());
}

/**
 * GET /api/settings/sandbox-mode/webhook-secrets (owner/admin, sandbox mode): the clinic's own
 * secrets its webhooks are checked with, for its own fakes and simulators.
 */
const webhookSecretsKey = [...sandboxModeKeys.all, 'webhook-secrets'] as const;

export function useSandboxWebhookSecrets(enabled: boolean) {
  return useQuery({
    queryKey: webhookSecretsKey,
    queryFn: ({ signal }) =>
      apiFetch<SandboxWebhookSecrets>('/api/settings/sandbox-mode/webhook-secrets', { signal }),
    enabled,
  });
}

const testCredentialsKey = [...sandboxModeKeys.all, 'test-credentials'] as const;

const switchSandboxMode = (enabled: boolean) =>
  apiFetch<SwitchSandboxModeResponse>('/api/settings/sandbox-mode', { method: 'PUT', body: { enabled } });

/**
 * PUT /api/settings/sandbox-mode (owner): every cached answer may have changed with the providers,
 * except the clinic's sandbox webhook secrets, which do not change and which a clinic out of sandbox
 * mode may not read (409): refetched while the card still showed them, they were a failed request.
 */
export function useSwitchSandboxMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchSandboxMode,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          !(
            query.queryKey[0] === sandboxModeKeys.all[0] &&
            (query.queryKey[1] === webhookSecretsKey[1] || query.queryKey[1] === testCredentialsKey[1])
          ),
      }),
  });
}

/**
 * GET /api/sandbox/test-credentials (owner/admin, sandbox mode): the fakes' own values, to fill in.
 * Constant, and refused out of sandbox mode: never refetched by the switch (like the webhook secrets).
 */
export function useSandboxTestCredentials(enabled: boolean) {
  return useQuery({
    queryKey: testCredentialsKey,
    queryFn: ({ signal }) => apiFetch<SandboxTestCredentials>('/api/sandbox/test-credentials', { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/sandbox/sample-reviews: sample reviews through the clinic's sandbox Trustpilot page. */
export function useAddSampleReviews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<SampleReviewsResponse>('/api/sandbox/sample-reviews', { method: 'POST', body: {} }),
    // Reviews, cases, the dashboard and the Trustpilot connection all changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
