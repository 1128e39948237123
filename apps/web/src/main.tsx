import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { currentLanguage, i18nReady } from './i18n';
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

// A pre-rendered page links the style rules its HTML uses; the whole sheet (menus, dialogs, toasts,
// other pages) comes as a print sheet so as not to hold the first paint, and applies from here.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-full-styles]')) link.media = 'all';

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
  } else {
    createRoot(container).render(app);
  }
});
