import type { CreatedApiClient } from '@careloop/contracts/api-clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { apiClientsKeys } from './api-clients-keys';

function rotateApiClientSecret(id: string) {
  return apiFetch<CreatedApiClient>(`/api/settings/api-clients/${encodeURIComponent(id)}/rotate-secret`, {
    method: 'POST',
  });
}

/** A new client secret, in the answer only; the replaced one still gets tokens until previousSecretExpiresAt. */
export function useRotateApiClientSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateApiClientSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientsKeys.all }),
  });
}
