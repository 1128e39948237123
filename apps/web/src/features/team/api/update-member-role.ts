import type { TeamMember, UpdateMemberRoleBody } from '@careloop/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { currentUserKeys } from '../../../lib/current-user';
import { teamKeys } from './team-keys';

function updateMemberRole(userId: string, body: UpdateMemberRoleBody) {
  return apiFetch<TeamMember>(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body });
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & UpdateMemberRoleBody) =>
      updateMemberRole(userId, { role }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      // Changing one's own role changes what this user may do.
      void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
    },
  });
}
