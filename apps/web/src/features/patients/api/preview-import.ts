import type { ImportPreviewResponse, PatientImportBody } from '@careloop/contracts/patients';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const previewPatientImport = (body: PatientImportBody) =>
  apiFetch<ImportPreviewResponse>('/api/patients/import/preview', { method: 'POST', body });

/**
 * The file's bytes, sent once (not base64 inside JSON): the server keeps it for a few minutes and
 * answers its preview with the `uploadId` that later previews and the import send instead.
 */
const uploadPatientImport = (file: File) => {
  // A CSV a browser does not recognise has no type; xlsx keeps its own.
  const typed = file.type ? file : new File([file], file.name, { type: 'application/octet-stream' });
  const query = new URLSearchParams({ fileName: file.name });
  return apiFetch<ImportPreviewResponse>(`/api/patients/import/uploads?${query}`, {
    method: 'POST',
    body: typed,
  });
};

/** POST /api/patients/import/preview: reads a file with the mapping given (or proposed), stores nothing. */
export function usePreviewPatientImport() {
  return useMutation({ mutationFn: previewPatientImport });
}

/** POST /api/patients/import/uploads: the file itself, answered with its preview. */
export function useUploadPatientImport() {
  return useMutation({ mutationFn: uploadPatientImport });
}
