import type { ClinicMembersResponse } from '@careloop/contracts/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { caseKeys } from './case-keys';

const clinicMembersQueryOptions = () =>
  queryOptions({
    queryKey: caseKeys.members(),
    queryFn: ({ signal }) => apiFetch<ClinicMembersResponse>('/api/clinic-members', { signal }),
    staleTime: 60_000,
  });

export function useClinicMembers(enabled = true) {
  return useQuery({ ...clinicMembersQueryOptions(), enabled });
}
