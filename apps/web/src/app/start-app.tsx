import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentLanguage, i18nReady } from '../i18n';
import { applyFullStyles } from '../lib/full-styles';
import { onceThePageIsLive } from '../lib/page-live';
import { watchDeferredParts } from '../public/components/hydrate-when-visible';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/**
 * Starts the app in `container` (loaded by the small entry, main.tsx): hydrates a public page
 * written at build time (ADR 002) when it is in the visitor's language, else renders afresh.
 * `onLive` runs once the page is live.
 */
export async function startApp(container: HTMLElement, onLive: () => void = () => {}): Promise<void> {
  const app = (
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>
  );
  onceThePageIsLive(() => {
    watchDeferredParts();
    onLive();
  });
  // Render once the start-up translations are in, so the first screen never shows raw keys.
  await i18nReady.catch(() => {});
  if (container.dataset.prerendered && container.dataset.prerendered === currentLanguage()) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread until the whole page is live.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    applyFullStyles();
    createRoot(container).render(app);
  }
}
