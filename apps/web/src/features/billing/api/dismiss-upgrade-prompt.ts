import type { DismissUpgradePromptBody, Usage } from '@careloop/contracts/usage';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** "Remind me later": stored for the user on the server, so no other device or session reopens it. */
export function useDismissUpgradePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DismissUpgradePromptBody) =>
      apiFetch<void>('/api/usage/upgrade-prompt/dismissals', { method: 'POST', body }),
    onMutate: (body) => {
      queryClient.setQueryData<Usage>(billingKeys.usage, (usage) =>
        usage && usage.upgradePromptThreshold === body.threshold
          ? { ...usage, showUpgradePrompt: false }
          : usage,
      );
    },
  });
}
