import type { AutomationSettings } from '@careloop/contracts/automation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { followupKeys } from './followup-keys';

export function getAutomationSettings(signal?: AbortSignal) {
  return apiFetch<AutomationSettings>('/api/automation/settings', { signal });
}

const automationSettingsQueryOptions = () =>
  queryOptions({ queryKey: followupKeys.settings, queryFn: ({ signal }) => getAutomationSettings(signal) });

/** GET /api/automation/settings (owners and admins): the spec's defaults until saved. */
export function useAutomationSettings() {
  return useQuery(automationSettingsQueryOptions());
}
