import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { currentLanguage, i18nReady } from './i18n';
import { applyFullStyles, applyFullStylesOnFirstInteraction } from './lib/full-styles';
import { installGlobalReporting } from './lib/reporting';

installGlobalReporting();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

// Render once the start-up translations are in, so the first screen never shows raw keys. A public
// page written at build time (ADR 002) is hydrated when it is in the visitor's language; in another
// language the browser renders it afresh.
void i18nReady.finally(() => {
  if (container.dataset.prerendered && container.dataset.prerendered === currentLanguage()) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread until the whole page is live.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    // The page's own rules are in its small sheet: the whole one waits for the visitor (lib/full-styles.ts).
    applyFullStylesOnFirstInteraction();
  } else {
    applyFullStyles();
    createRoot(container).render(app);
  }
});
