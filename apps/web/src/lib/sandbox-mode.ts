import type { SandboxModeState, SwitchSandboxModeResponse } from '@careloop/contracts/sandbox';
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

const switchSandboxMode = (enabled: boolean) =>
  apiFetch<SwitchSandboxModeResponse>('/api/settings/sandbox-mode', { method: 'PUT', body: { enabled } });

/** PUT /api/settings/sandbox-mode (owner): every cached answer may have changed with the providers. */
export function useSwitchSandboxMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchSandboxMode,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
