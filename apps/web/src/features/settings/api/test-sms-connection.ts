import type { ConnectionTestResponse, TestSmsBody } from '@careloop/contracts/settings';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

function testSmsConnection(body: TestSmsBody) {
  return apiFetch<ConnectionTestResponse>('/api/settings/sms/test', { method: 'POST', body });
}

export function useTestSmsConnection() {
  return useMutation({ mutationFn: testSmsConnection });
}
