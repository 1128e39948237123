import type { ImportPreviewResponse, PatientImportBody } from '@careloop/contracts/patients';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const previewPatientImport = (body: PatientImportBody) =>
  apiFetch<ImportPreviewResponse>('/api/patients/import/preview', { method: 'POST', body });

/** POST /api/patients/import/preview: reads a file with the mapping given (or proposed), stores nothing. */
export function usePreviewPatientImport() {
  return useMutation({ mutationFn: previewPatientImport });
}
