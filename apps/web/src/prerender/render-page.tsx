// The build's server entry (vite.config.ts builds it for Node, then pre-renders the public pages
// with it): the same providers and routes as app/start-app.tsx, rendered to HTML in English.
import * as mantine from '@mantine/core';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { AppProvider } from '../app/provider';
import { AppRoutes, routes } from '../app/router';
import { i18n, i18nReady } from '../i18n';
import { defaultLanguage, languageOfPath } from '../i18n/language.utils';
import { takeDeferredNamespaces } from '../public/components/hydrate-when-visible';
import { type JsonLd, takeRenderedStructuredData } from '../public/components/structured-data';
import { fullTitleOf, type PageMeta, takeRenderedPageMeta } from '../public/components/use-page-meta';

import { clientRoutePatterns } from './client-routes';

import type { PageMetaKeys } from './prerendered-pages';

export { headOnlyPages, notFoundPath, prerenderedPages } from './prerendered-pages';

/**
 * The class names of each Mantine component, and those of the indicator a segmented control draws
 * once it has measured itself. A page's HTML holds only the parts a component rendered at first;
 * the browser adds others without being asked (that indicator, an input's error): the pages' small
 * style sheet keeps the rules of every part of a component it shows, since the whole sheet applies
 * only once the visitor acts (lib/full-styles.ts).
 */
export const mantineClassNames: { groups: string[][]; always: string[] } = {
  groups: Object.values(mantine).flatMap((component) =>
    (typeof component === 'function' || typeof component === 'object') &&
    component !== null &&
    'classes' in component &&
    typeof component.classes === 'object' &&
    component.classes !== null
      ? [Object.values(component.classes as Record<string, string>)]
      : [],
  ),
  always: Object.values(mantine.FloatingIndicator.classes),
};

/** The paths the router serves with a page (the build writes them for the server). */
export const clientRoutes = clientRoutePatterns(routes);

export type RenderedPage = {
  html: string;
  language: string;
  meta: PageMeta | undefined;
  /** schema.org data the page declared (Organization, SoftwareApplication, FAQPage, BlogPosting). */
  structuredData: JsonLd[];
  /** The translation namespaces the page needed beyond the start-up ones and its deferred parts' own. */
  namespaces: string[];
};

const startupNamespaces = ['common', 'errors'];

type UsedNamespaces = { usedNamespaces: Record<string, boolean>; getUsedNamespaces(): string[] };

/**
 * Renders one route as a first visit sees it once everything has loaded: in the language its URL
 * names (`/es/pricing`), else in the default language.
 */
export async function renderPage(url: string): Promise<RenderedPage> {
  await i18nReady;
  const language = languageOfPath(url) ?? defaultLanguage;
  if (i18n.language !== language) await i18n.changeLanguage(language);
  // react-i18next notes the namespaces each useTranslation asks for: start this page's list afresh.
  const report = (i18n as { reportNamespaces?: UsedNamespaces }).reportNamespaces;
  if (report) report.usedNamespaces = {};
  takeRenderedPageMeta();
  takeRenderedStructuredData();
  takeDeferredNamespaces();
  // The same tree as app/start-app.tsx's, with a memory router in place of the browser's (app/router.tsx).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>
    </StrictMode>,
    // One piece of HTML with every boundary in place: no streaming instructions (inline scripts).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const used = (i18n as { reportNamespaces?: UsedNamespaces }).reportNamespaces?.getUsedNamespaces() ?? [];
  // A part hydrated near the viewport loads its own translations: the page does not preload them.
  const deferred = takeDeferredNamespaces();
  const namespaces = used.filter(
    (namespace) => !startupNamespaces.includes(namespace) && !deferred.includes(namespace),
  );
  return {
    html,
    language,
    meta: takeRenderedPageMeta(),
    structuredData: takeRenderedStructuredData(),
    namespaces,
  };
}

/**
 * The title and description a head-only page (a sign-in form) sets in `language`, as its
 * usePageMeta does in the browser, for the HTML the build writes for it.
 */
export async function headOnlyPageMeta(language: string, keys: PageMetaKeys): Promise<PageMeta> {
  await i18nReady;
  if (i18n.language !== language) await i18n.changeLanguage(language);
  const namespaces = [...new Set([keys.title, keys.description].map((key) => key.split(':')[0] ?? ''))];
  await i18n.loadNamespaces(namespaces);
  return {
    title: fullTitleOf(i18n.t(keys.title, { lng: language })),
    description: i18n.t(keys.description, { lng: language }),
  };
}
