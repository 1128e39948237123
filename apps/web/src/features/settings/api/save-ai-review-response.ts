import type { ClinicSettings, SaveAiReviewResponseBody } from '@careloop/contracts/settings';
import { apiFetch } from '../../../lib/api-client';
import { useSettingsMutation } from './use-settings-mutation';

function saveAiReviewResponse(body: SaveAiReviewResponseBody) {
  return apiFetch<ClinicSettings>('/api/settings/ai-review-response', { method: 'PUT', body });
}

export function useSaveAiReviewResponse() {
  return useSettingsMutation(saveAiReviewResponse);
}
