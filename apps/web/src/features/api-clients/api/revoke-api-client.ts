import type { ApiClient } from '@careloop/contracts/api-clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { apiClientsKeys } from './api-clients-keys';

function revokeApiClient(id: string) {
  return apiFetch<ApiClient>(`/api/settings/api-clients/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientsKeys.all }),
  });
}
