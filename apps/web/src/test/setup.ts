import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18nReady } from '../i18n';
import { authClient } from '../lib/auth-client';

await i18nReady;

/**
 * better-auth keeps the session in a module-level store: put it back to "signed out, not yet
 * loaded" so a sign-in in one test does not leak into the next.
 */
async function resetAuthSession() {
  vi.stubGlobal(
    'fetch',
    async () => new Response('null', { headers: { 'Content-Type': 'application/json' } }),
  );
  const session = authClient.$store.atoms.session;
  if (session)
    session.set({ ...session.get(), data: null, error: null, isPending: true, isRefetching: false });
  authClient.$store.notify('$sessionSignal');
  await new Promise((resolve) => setTimeout(resolve, 0));
}

afterEach(async () => {
  cleanup();
  notifications.clean();
  vi.restoreAllMocks();
  await resetAuthSession();
  window.localStorage.clear();
});
