import { useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { EnterpriseContactDialog } from '../../../public/components/enterprise-contact-dialog';
import { useUsage } from '../api/get-usage';
import { useChangePlan } from '../hooks/use-change-plan';
import {
  readPromptDismissedAt,
  rememberPromptDismissed,
  shouldOpenUpgradePrompt,
} from '../upgrade-prompt.utils';
import { UpgradeDialog } from './upgrade-dialog';

const storage = () => window.localStorage;

/**
 * Mounted in the app shell: opens the upgrade dialog when this month's usage reaches 90 % (or the
 * patient limit is passed) on a plan other than enterprise, until "Remind me later" (24 hours).
 */
export function UsagePrompt() {
  const me = useCurrentUser();
  const usage = useUsage();
  const [dismissedNow, setDismissedNow] = useState(false);
  const { changePlan, isPending, isContactOpen, closeContact } = useChangePlan();
  const clinicId = me.data?.clinic.id;
  if (!usage.data || !clinicId) return null;
  const opened =
    !dismissedNow &&
    shouldOpenUpgradePrompt(
      usage.data.showUpgradePrompt,
      readPromptDismissedAt(storage(), clinicId),
      Date.now(),
    );
  const dismiss = () => {
    rememberPromptDismissed(storage(), clinicId, Date.now());
    setDismissedNow(true);
  };
  return (
    <>
      <UpgradeDialog
        opened={opened && !isContactOpen}
        usage={usage.data}
        canChangePlan={me.data?.role === 'owner'}
        isUpgrading={isPending}
        onRemindLater={dismiss}
        onUpgrade={(plan) => {
          dismiss();
          changePlan(plan);
        }}
      />
      <EnterpriseContactDialog opened={isContactOpen} onClose={closeContact} />
    </>
  );
}
