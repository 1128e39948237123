import type { ClinicSettings, UpdateCategoryBody } from '@careloop/contracts/settings';
import { apiFetch } from '../../../lib/api-client';
import { useSettingsMutation } from './use-settings-mutation';

function updateCategory(body: UpdateCategoryBody) {
  return apiFetch<ClinicSettings>('/api/settings/category', { method: 'PUT', body });
}

export function useUpdateCategory() {
  return useSettingsMutation(updateCategory);
}
