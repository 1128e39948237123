import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { appearanceGuard } from '../../../../vitest.timeouts.ts';
import { i18n, i18nReady } from '../i18n';
import { authClient } from '../lib/auth-client';
import { dropEarlyAnswers } from '../lib/early-requests';

// findBy/waitFor wait as long as the hang guard, not Testing Library's 1 s: their outcome must not
// depend on the machine's speed.
configure({ asyncUtilTimeout: appearanceGuard });

// Every English namespace before the first test: each is a lazily loaded chunk a page would
// otherwise suspend on in the middle of a test. Tests
// that switch language load that language first (language-switcher.test.tsx).
const englishNamespaces = Object.keys(import.meta.glob('../i18n/en/*.json')).map((file) =>
  file.replace(/^.*\/(.+)\.json$/, '$1'),
);
await i18nReady;
await i18n.loadNamespaces(englishNamespaces);

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

// happy-dom lays nothing out, so an open menu's items are not tabbable and Mantine's focus trap
// warns with the whole dropdown node: ~30,000 lines of the CI log for each menu a test opened (the
// analytics export menu: 90,000). Only that warning is dropped; the browser specs open the menus
// with layout. Installed before each test: the afterEach below restores every mock.
const focusTrapWarning = '[@mantine/hooks/use-focus-trap] Failed to find focusable element';
beforeEach(() => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(focusTrapWarning)) return;
    warn(...args);
  });
});

afterEach(async () => {
  cleanup();
  notifications.clean();
  // An answer asked for early and not taken would be the next test's (lib/early-requests.ts).
  dropEarlyAnswers();
  vi.restoreAllMocks();
  await resetAuthSession();
  // A file may run in Node, as the build's pre-rendering does (prerender/render-page.test.tsx).
  if (typeof window !== 'undefined') window.localStorage.clear();
  // Files share one module graph (isolate: false): a test that switched language leaves English behind.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

/**
 * A mounted better-auth store unmounts 1 s after its last listener leaves (nanostores' delay) and then
 * removes its window listeners. If the file ends first, that timer fires after happy-dom has torn the
 * window down and fails the run with "removeEventListener is not a function": wait for it here.
 */
afterAll(async () => {
  // `$store.atoms` is better-auth's path proxy: it cannot be enumerated, but named atoms resolve.
  const atoms = [authClient.$store.atoms.session, authClient.$store.atoms.$sessionSignal] as Array<
    { active?: boolean } | undefined
  >;
  const deadline = Date.now() + 3000;
  while (atoms.some((atom) => atom?.active) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

/**
 * better-auth keeps one window "storage" listener per process (its cross-tab broadcast channel) and
 * removes it from an unmount timer that may fire after happy-dom has torn the window down. A channel
 * of the same shape whose cleanup tolerates that keeps such a late timer from failing the run.
 */
type SessionBroadcast = { event?: string; data?: unknown };
const broadcastListeners = new Set<(message: SessionBroadcast) => void>();
Object.assign(globalThis, {
  [Symbol.for('better-auth:broadcast-channel')]: {
    subscribe(listener: (message: SessionBroadcast) => void) {
      broadcastListeners.add(listener);
      return () => broadcastListeners.delete(listener);
    },
    post() {},
    setup() {
      const target = window;
      const handler = () => {};
      target.addEventListener('storage', handler);
      return () => target.removeEventListener?.('storage', handler);
    },
  },
});
