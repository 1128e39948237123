import type { ClinicSettings, UpdateClinicSecurityBody } from '@careloop/contracts/settings';
import { apiFetch } from '../../../lib/api-client';
import { useSettingsMutation } from './use-settings-mutation';

function updateSecurity(body: UpdateClinicSecurityBody) {
  return apiFetch<ClinicSettings>('/api/settings/security', { method: 'PUT', body });
}

export function useUpdateSecurity() {
  return useSettingsMutation(updateSecurity);
}
