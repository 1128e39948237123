import type { CreateApiClientBody, CreatedApiClient } from '@careloop/contracts/api-clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { apiClientsKeys } from './api-clients-keys';

function createApiClient(body: CreateApiClientBody) {
  return apiFetch<CreatedApiClient>('/api/settings/api-clients', { method: 'POST', body });
}

/** Creates a client; the answer carries its secret, shown once. */
export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientsKeys.all }),
  });
}
