import type { TeamResponse } from '@careloop/contracts/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { teamKeys } from './team-keys';

const teamQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.all,
    queryFn: ({ signal }) => apiFetch<TeamResponse>('/api/team', { signal }),
  });

/** Members and invitations of the clinic. */
export function useTeam() {
  return useQuery(teamQueryOptions());
}
