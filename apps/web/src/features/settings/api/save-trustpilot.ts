import type { ClinicSettings, SaveTrustpilotBody } from '@careloop/contracts/settings';
import { apiFetch } from '../../../lib/api-client';
import { useSettingsMutation } from './use-settings-mutation';

function saveTrustpilot(body: SaveTrustpilotBody) {
  return apiFetch<ClinicSettings>('/api/settings/trustpilot', { method: 'PUT', body });
}

export function useSaveTrustpilot() {
  return useSettingsMutation(saveTrustpilot);
}
