import type { ClinicSettings, UpdateClinicProfileBody } from '@careloop/contracts/settings';
import { apiFetch } from '../../../lib/api-client';
import { useSettingsMutation } from './use-settings-mutation';

function updateProfile(body: UpdateClinicProfileBody) {
  return apiFetch<ClinicSettings>('/api/settings/profile', { method: 'PUT', body });
}

export function useUpdateProfile() {
  return useSettingsMutation(updateProfile);
}
