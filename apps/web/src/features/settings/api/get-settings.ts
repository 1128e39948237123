import type { ClinicSettings } from '@careloop/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.settings,
    queryFn: ({ signal }) => apiFetch<ClinicSettings>('/api/settings', { signal }),
  });

/** Clinic Settings (owners and admins; staff get 403 FORBIDDEN). */
export function useSettings() {
  return useQuery(settingsQueryOptions());
}
