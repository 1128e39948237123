import type { CaseNote, CreateCaseNoteBody } from '@careloop/contracts/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { caseKeys } from './case-keys';

function addCaseNote(caseId: string, body: CreateCaseNoteBody) {
  return apiFetch<CaseNote>(`/api/cases/${encodeURIComponent(caseId)}/notes`, { method: 'POST', body });
}

export function useAddCaseNote(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCaseNoteBody) => addCaseNote(caseId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) }),
  });
}
