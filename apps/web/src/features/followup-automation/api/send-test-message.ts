import type { SendTestMessageBody, SendTestMessageResponse } from '@careloop/contracts/outbox';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export function sendTestMessage(body: SendTestMessageBody) {
  return apiFetch<SendTestMessageResponse>('/api/automation/test-message', { method: 'POST', body });
}

/** POST /api/automation/test-message: one real message through the outbox path. */
export function useSendTestMessage() {
  return useMutation({ mutationFn: sendTestMessage });
}
