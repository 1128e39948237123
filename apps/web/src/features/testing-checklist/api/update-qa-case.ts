import type {
  QaCaseState,
  TestingChecklistResponse,
  UpdateQaCaseBody,
} from '@careloop/contracts/testing-checklist';
import type { QaCaseId } from '@careloop/domain/qa-cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { testingChecklistKey } from './get-testing-checklist';

const updateQaCase = ({ id, ...body }: UpdateQaCaseBody & { id: QaCaseId }) =>
  apiFetch<QaCaseState>(`/api/testing-checklist/${id}`, { method: 'PATCH', body });

/** PATCH /api/testing-checklist/:testId; the saved case replaces its entry in the list. */
export function useUpdateQaCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQaCase,
    onSuccess: (saved) =>
      queryClient.setQueryData<TestingChecklistResponse>(testingChecklistKey, (list) =>
        list ? { cases: list.cases.map((c) => (c.id === saved.id ? saved : c)) } : list,
      ),
  });
}
