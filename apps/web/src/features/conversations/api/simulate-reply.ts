import type { SimulateReplyBody, SimulateReplyResponse } from '@careloop/contracts/inbound';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { conversationKeys } from './conversation-keys';

const simulateReply = (body: SimulateReplyBody) =>
  apiFetch<SimulateReplyResponse>('/api/conversations/simulate-reply', { method: 'POST', body });

/** POST /api/conversations/simulate-reply (sandbox clinics); refreshes both lists. */
export function useSimulateReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.lists() }),
  });
}
