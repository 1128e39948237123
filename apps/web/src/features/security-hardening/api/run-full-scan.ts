import type { SecurityScan } from '@careloop/contracts/security-hardening';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { securityScanKey } from './get-security-scan';

const runFullScan = () =>
  apiFetch<SecurityScan>('/api/security-hardening/scan', { method: 'POST', body: {} });

/** POST /api/security-hardening/scan (logged); the answer replaces the page's scan. */
export function useRunFullScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runFullScan,
    onSuccess: (scan) => queryClient.setQueryData(securityScanKey, scan),
  });
}
