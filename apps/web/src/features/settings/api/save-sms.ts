import type { ClinicSettings, SaveSmsBody } from '@careloop/contracts/settings';
import { apiFetch } from '../../../lib/api-client';
import { useSettingsMutation } from './use-settings-mutation';

function saveSms(body: SaveSmsBody) {
  return apiFetch<ClinicSettings>('/api/settings/sms', { method: 'PUT', body });
}

export function useSaveSms() {
  return useSettingsMutation(saveSms);
}
