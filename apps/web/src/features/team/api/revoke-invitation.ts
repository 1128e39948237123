import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { teamKeys } from './team-keys';

function revokeInvitation(id: string) {
  return apiFetch<void>(`/api/team/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
