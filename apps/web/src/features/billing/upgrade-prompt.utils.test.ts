import { describe, expect, it } from 'vitest';
import {
  readPromptDismissedAt,
  rememberPromptDismissed,
  shouldOpenUpgradePrompt,
  upgradePromptSnoozeMs,
} from './upgrade-prompt.utils';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};

describe('upgrade prompt', () => {
  it.each([
    [false, null, 0, false],
    [true, null, 0, true],
    [true, 1_000, 1_000 + upgradePromptSnoozeMs - 1, false],
    [true, 1_000, 1_000 + upgradePromptSnoozeMs, true],
    [false, 1_000, 1_000 + upgradePromptSnoozeMs, false],
  ])('show %s, dismissed at %s, now %s -> %s', (show, dismissedAt, now, open) => {
    expect(shouldOpenUpgradePrompt(show, dismissedAt, now)).toBe(open);
  });

  it('remembers a dismissal per clinic', () => {
    const storage = memoryStorage();
    expect(readPromptDismissedAt(storage, 'c1')).toBeNull();
    rememberPromptDismissed(storage, 'c1', 42);
    expect(readPromptDismissedAt(storage, 'c1')).toBe(42);
    expect(readPromptDismissedAt(storage, 'c2')).toBeNull();
  });
});
