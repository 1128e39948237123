import type { ImportPreviewResponse } from '@careloop/contracts/patients';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const previewPatientImport = (csv: string) =>
  apiFetch<ImportPreviewResponse>('/api/patients/import/preview', { method: 'POST', body: { csv } });

/** POST /api/patients/import/preview: checks a file, stores nothing. */
export function usePreviewPatientImport() {
  return useMutation({ mutationFn: previewPatientImport });
}
