import type { Invitation, InviteMemberBody } from '@careloop/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { teamKeys } from './team-keys';

function inviteMember(body: InviteMemberBody) {
  return apiFetch<Invitation>('/api/team/invitations', { method: 'POST', body });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
