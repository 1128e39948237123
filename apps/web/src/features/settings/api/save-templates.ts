import type { SaveTemplatesBody, TemplateListResponse } from '@careloop/contracts/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** Replaces the clinic's whole set (owners and admins). */
function saveTemplates(body: SaveTemplatesBody) {
  return apiFetch<TemplateListResponse>('/api/templates', { method: 'PUT', body });
}

export function useSaveTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplates,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.templates, saved),
  });
}
