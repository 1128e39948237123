import type { ConnectionTestResponse, TestWhatsAppBody } from '@careloop/contracts/settings';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

function testWhatsAppConnection(body: TestWhatsAppBody) {
  return apiFetch<ConnectionTestResponse>('/api/settings/whatsapp/test', { method: 'POST', body });
}

export function useTestWhatsAppConnection() {
  return useMutation({ mutationFn: testWhatsAppConnection });
}
