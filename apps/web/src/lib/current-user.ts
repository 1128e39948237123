import type { MeResponse } from '@careloop/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export const currentUserKeys = {
  all: ['me'] as const,
};

const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKeys.all,
    queryFn: ({ signal }) => apiFetch<MeResponse>('/api/me', { signal }),
    staleTime: 60_000,
  });

/** The signed-in user, their clinic and role (GET /api/me). */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** The signed-in clinic's time zone (undefined until /api/me has answered): times are read on its clock. */
export function useClinicTimeZone(): string | undefined {
  return useCurrentUser().data?.clinic.timeZone;
}
