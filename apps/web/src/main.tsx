import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { languageAtStart } from './i18n/start-language';
import {
  holdEarlyInteractions,
  onFirstInteraction,
  prefetchAppFilesOnceLoaded,
} from './lib/first-interaction';
import { applyFullStylesOnFirstInteraction } from './lib/full-styles';
import { installGlobalReporting } from './lib/reporting';

// The small entry: neither React, Mantine's components nor the router. The app loads from here.

installGlobalReporting();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = container;

const isPrerenderedInItsLanguage =
  root.dataset.prerendered !== undefined && root.dataset.prerendered === languageAtStart();

/** Loads and starts the app; `onLive` runs once the page is live. */
function start(onLive?: () => void): Promise<void> {
  return import('./app/start-app').then(({ startApp }) => startApp(root, onLive));
}

if (isPrerenderedInItsLanguage) {
  // The page's own rules are in its small sheet: the whole one waits for the visitor (lib/full-styles.ts).
  applyFullStylesOnFirstInteraction();
}

if (isPrerenderedInItsLanguage && root.dataset.hydrate === 'on-interaction') {
  // A page that only shows content is whole as HTML (links, text): the app, and the work of
  // hydrating the page, wait for the visitor's first sign of acting; what the visitor does
  // meanwhile is made again once the page is live.
  prefetchAppFilesOnceLoaded();
  onFirstInteraction(() => {
    const held = holdEarlyInteractions();
    start(held.replay).catch((error: unknown) => {
      held.release();
      throw error;
    });
  });
} else {
  void start();
}
