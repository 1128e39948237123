import type { NamespacedKey } from '../i18n/namespaced-key';
import { paths } from '../lib/routes';
import { articlePath, blogArticles } from '../public/blog-articles';

/** A path no route serves: the not-found page is pre-rendered from it (dist/pages/404.html). */
export const notFoundPath = '/404';

/** A page that sends or fetches data also needs TanStack Query's provider (app/router.tsx). */
const fetching = ['src/app/query-provider.tsx'];

/**
 * A page that only shows content, whole as HTML: the app loads, and hydrates it, at the visitor's
 * first interaction (main.tsx), not at start. A page that fetches, or depends on who asks (the
 * not-found page shows the app shell to a signed-in user), starts at once.
 */
const onInteraction = { hydrateOn: 'interaction' } as const;

/**
 * The public pages written as HTML at build time (ADR 002), each with the module of its page (and
 * the other modules it loads with, if any), so that the HTML preloads that code. The build writes
 * each in every language, at its language URL (`/es/pricing`). Pages that depend on the visitor
 * (sign-in forms, the signed-in app) are rendered in the browser only.
 */
export const prerenderedPages: readonly {
  path: string;
  module: string;
  alsoLoads?: readonly string[];
  hydrateOn?: 'interaction';
}[] = [
  { path: paths.home, module: 'src/public/landing-page.tsx', ...onInteraction },
  { path: paths.pricing, module: 'src/public/pricing-page.tsx', ...onInteraction },
  { path: paths.costCalculator, module: 'src/public/cost-calculator-page.tsx', ...onInteraction },
  { path: paths.demo, module: 'src/public/demo-page.tsx', alsoLoads: fetching },
  { path: paths.features, module: 'src/public/features-page.tsx', ...onInteraction },
  { path: paths.integrations, module: 'src/public/integrations-page.tsx', ...onInteraction },
  { path: paths.api, module: 'src/public/api-page.tsx', ...onInteraction },
  { path: paths.about, module: 'src/public/about-page.tsx', ...onInteraction },
  { path: paths.blog, module: 'src/public/blog-page.tsx', alsoLoads: fetching },
  { path: paths.careers, module: 'src/public/careers-page.tsx', alsoLoads: fetching },
  { path: paths.contact, module: 'src/public/contact-page.tsx', alsoLoads: fetching },
  { path: paths.help, module: 'src/public/help-page.tsx', ...onInteraction },
  { path: paths.docs, module: 'src/public/docs-page.tsx', ...onInteraction },
  { path: paths.status, module: 'src/public/status-page.tsx', alsoLoads: fetching },
  { path: paths.privacy, module: 'src/public/privacy-page.tsx', ...onInteraction },
  { path: paths.terms, module: 'src/public/terms-page.tsx', ...onInteraction },
  { path: paths.security, module: 'src/public/security-page.tsx', ...onInteraction },
  { path: paths.compliance, module: 'src/public/compliance-page.tsx', ...onInteraction },
  { path: paths.marketingGallery, module: 'src/public/marketing-gallery-page.tsx', ...onInteraction },
  // Each article with its own title and description.
  ...blogArticles.map((article) => ({
    path: articlePath(article),
    module: 'src/public/blog-article-page.tsx',
    alsoLoads: fetching,
  })),
  // Any path the router does not serve: written as 404.html, which the server sends with status 404.
  { path: notFoundPath, module: 'src/app/unknown-path-layout.tsx' },
];

/** i18n keys (`namespace:key`) of a page's title and description: the ones it gives usePageMeta. */
export type PageMetaKeys = { title: NamespacedKey; description: NamespacedKey };

/**
 * Pages rendered in the browser only (the sign-in forms depend on the visitor) whose HTML still
 * carries their own title, description, language and alternates, not the generic ones: the build writes the
 * shell with that head in every language (`login.html`, `es_login.html`), preloading the page's code.
 */
export const headOnlyPages: readonly {
  path: string;
  module: string;
  alsoLoads?: readonly string[];
  meta: PageMetaKeys;
}[] = [
  {
    path: paths.login,
    module: 'src/features/auth/login-page.tsx',
    meta: { title: 'auth:login.metaTitle', description: 'auth:login.metaDescription' },
  },
  {
    path: paths.signup,
    module: 'src/features/auth/signup-page.tsx',
    alsoLoads: fetching,
    meta: { title: 'auth:signup.metaTitle', description: 'auth:signup.metaDescription' },
  },
];
