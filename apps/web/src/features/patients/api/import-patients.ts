import type {
  ImportProgressLine,
  ImportResultResponse,
  PatientImportBody,
} from '@careloop/contracts/patients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetchLines } from '../../../lib/api-client';
import { patientKeys } from './patient-keys';

export type ImportProgress = { done: number; total: number };

/** POST /api/patients/import as progress lines; resolves with the result line. */
async function importPatients(
  body: PatientImportBody,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportResultResponse> {
  let result: ImportResultResponse | null = null;
  let failure: string | null = null;
  await apiFetchLines<ImportProgressLine>('/api/patients/import', {
    method: 'POST',
    body,
    onLine: (line) => {
      if (line.type === 'progress') onProgress({ done: line.done, total: line.total });
      else if (line.type === 'result') result = line.result;
      else failure = line.message;
    },
  });
  if (result) return result;
  throw new ApiError(500, 'IMPORT_FAILED', failure ?? 'The import failed; nothing was imported');
}

/** Runs the import with progress; refreshes the lists. */
export function useImportPatients(onProgress: (progress: ImportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientImportBody) => importPatients(body, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.lists() }),
  });
}
