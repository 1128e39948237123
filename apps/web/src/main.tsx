import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { i18nReady } from './i18n';
import { installGlobalReporting } from './lib/reporting';

installGlobalReporting();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Render once the start-up translations are in, so the first screen never shows raw keys.
void i18nReady.finally(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
