import type { InvitationPreview } from '@careloop/contracts/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const invitationKeys = {
  all: ['invitation'] as const,
  preview: (token: string) => [...invitationKeys.all, token] as const,
};

const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationKeys.preview(token),
    queryFn: ({ signal }) =>
      apiFetch<InvitationPreview>(`/api/invitations/${encodeURIComponent(token)}`, { signal }),
    // An invalid or expired link stays so; asking again does not help.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The clinic and address an invitation link is for (public); off when the URL carries none. */
export function useInvitation(token: string | null) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: token !== null });
}
