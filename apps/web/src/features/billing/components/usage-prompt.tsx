import { lazy, Suspense, useState } from 'react';
import { i18n } from '../../../i18n';
import { useUsage } from '../api/get-usage';

// The dialogs' code (a form, a modal, the plans) and strings load only for a prompt to show: on most
// signed-in visits usage is below the threshold, and they were ten files of every first load.
const UsagePromptDialogs = lazy(() =>
  Promise.all([import('./usage-prompt-dialogs'), i18n.loadNamespaces(['plans', 'pricing'])]).then(([m]) => ({
    default: m.UsagePromptDialogs,
  })),
);

/**
 * Mounted in the app shell: opens the upgrade dialog when this month's usage reaches 90 % (then
 * 100 %) or the patient limit is passed, on a plan other than enterprise.
 */
export function UsagePrompt() {
  const usage = useUsage();
  // Once shown the dialogs stay: the contact form the dialog opens outlives the prompt.
  const [isPrompting, setIsPrompting] = useState(false);
  if (usage.data?.showUpgradePrompt && !isPrompting) setIsPrompting(true);
  if (!isPrompting) return null;
  return (
    <Suspense fallback={null}>
      <UsagePromptDialogs />
    </Suspense>
  );
}
