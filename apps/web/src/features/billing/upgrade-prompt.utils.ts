/** "Remind me later" keeps the upgrade dialog closed this long for the clinic, then it may open again. */
export const upgradePromptSnoozeMs = 24 * 60 * 60 * 1000;

const storageKey = (clinicId: string) => `careloop.upgradePrompt.dismissedAt.${clinicId}`;

/** When the dialog was last dismissed for the clinic in this browser, or null. */
export function readPromptDismissedAt(storage: Pick<Storage, 'getItem'>, clinicId: string): number | null {
  try {
    const value = Number(storage.getItem(storageKey(clinicId)));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function rememberPromptDismissed(storage: Pick<Storage, 'setItem'>, clinicId: string, now: number) {
  try {
    storage.setItem(storageKey(clinicId), String(now));
  } catch {
    // Private mode or a full quota: dismissed for this page only.
  }
}

/** Opens when the usage says so and it was not dismissed within the snooze. */
export function shouldOpenUpgradePrompt(
  showUpgradePrompt: boolean,
  dismissedAt: number | null,
  now: number,
): boolean {
  return showUpgradePrompt && (dismissedAt === null || now - dismissedAt >= upgradePromptSnoozeMs);
}
