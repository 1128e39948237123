import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { teamKeys } from './team-keys';

function removeMember(userId: string) {
  return apiFetch<void>(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
