import { useCurrentUser } from '../../../lib/current-user';
import { EnterpriseContactDialog } from '../../../public/components/enterprise-contact-dialog';
import { useDismissUpgradePrompt } from '../api/dismiss-upgrade-prompt';
import { useUsage } from '../api/get-usage';
import { useChangePlan } from '../hooks/use-change-plan';
import { UpgradeDialog } from './upgrade-dialog';

/**
 * The upgrade dialog, and the enterprise contact form it leads to, once the usage says to prompt
 * (usage-prompt.tsx): once per threshold and user, "Remind me later" is kept on the server until
 * the next threshold is crossed.
 */
export function UsagePromptDialogs() {
  const me = useCurrentUser();
  const usage = useUsage();
  const dismissal = useDismissUpgradePrompt();
  const { changePlan, isPending, isContactOpen, closeContact } = useChangePlan();
  if (!usage.data || !me.data) return null;
  const threshold = usage.data.upgradePromptThreshold;
  const dismiss = () => {
    if (threshold !== null) dismissal.mutate({ threshold });
  };
  return (
    <>
      <UpgradeDialog
        opened={usage.data.showUpgradePrompt && !isContactOpen}
        usage={usage.data}
        canChangePlan={me.data.role === 'owner'}
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
