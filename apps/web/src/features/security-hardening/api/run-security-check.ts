import type { SecurityCheck, SecurityScan } from '@careloop/contracts/security-hardening';
import type { SecurityCheckId } from '@careloop/domain/security-checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { withCheck } from '../security-hardening.utils';
import { securityScanKey } from './get-security-scan';

export type CheckAction = 'run' | 'auto-fix';

const runSecurityCheck = ({ id, action }: { id: SecurityCheckId; action: CheckAction }) =>
  apiFetch<SecurityCheck>(`/api/security-hardening/checks/${id}/${action}`, { method: 'POST', body: {} });

/** POST .../checks/:checkId/run or /auto-fix (both logged); the check's new result replaces its entry. */
export function useRunSecurityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSecurityCheck,
    onSuccess: (check) =>
      queryClient.setQueryData<SecurityScan>(securityScanKey, (scan) =>
        scan ? withCheck(scan, check) : scan,
      ),
  });
}
