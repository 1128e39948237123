import { Notifications } from '@mantine/notifications';
import { useLayoutEffect } from 'react';
import { applyFullStyles } from '../lib/full-styles';

/**
 * Toasts open below the page's header, not over its buttons, which stay usable: the app shell's header
 * height while it is mounted (Mantine sets --app-shell-header-offset), else the public header's 4rem.
 * A margin moves only the top containers; the bottom ones stay where they are.
 */
export const toastOffset = 'var(--app-shell-header-offset, 4rem)';

/** Mantine's toast container, in its own chunk: the provider loads it with the first toast. */
export function ToastContainer() {
  // A pre-rendered page's small sheet has no rules for toasts.
  useLayoutEffect(applyFullStyles, []);
  return <Notifications position="top-right" limit={3} styles={{ root: { marginTop: toastOffset } }} />;
}
