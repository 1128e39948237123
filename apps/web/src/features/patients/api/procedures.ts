import type {
  CreateProcedureBody,
  ProcedureListResponse,
  UpdateProcedureBody,
} from '@careloop/contracts/procedures';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

const procedureKeys = { all: ['procedures'] as const };

/** GET /api/procedures: the clinic's procedure list, archived ones included. */
export function useProcedures() {
  return useQuery({
    queryKey: procedureKeys.all,
    queryFn: ({ signal }) => apiFetch<ProcedureListResponse>('/api/procedures', { signal }),
  });
}

/** POST /api/procedures (add) or PATCH /api/procedures/:key (rename, archive); stores the new list. */
export function useSaveProcedure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { key: null; body: CreateProcedureBody } | { key: string; body: UpdateProcedureBody },
    ) =>
      change.key === null
        ? apiFetch<ProcedureListResponse>('/api/procedures', { method: 'POST', body: change.body })
        : apiFetch<ProcedureListResponse>(`/api/procedures/${encodeURIComponent(change.key)}`, {
            method: 'PATCH',
            body: change.body,
          }),
    onSuccess: (list) => queryClient.setQueryData(procedureKeys.all, list),
  });
}
