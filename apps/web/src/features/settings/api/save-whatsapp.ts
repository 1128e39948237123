import type { ClinicSettings, SaveWhatsAppBody } from '@careloop/contracts/settings';
import { apiFetch } from '../../../lib/api-client';
import { useSettingsMutation } from './use-settings-mutation';

function saveWhatsApp(body: SaveWhatsAppBody) {
  return apiFetch<ClinicSettings>('/api/settings/whatsapp', { method: 'PUT', body });
}

export function useSaveWhatsApp() {
  return useSettingsMutation(saveWhatsApp);
}
