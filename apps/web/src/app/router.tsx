import { type ComponentType, lazy } from 'react';
import { BrowserRouter, Outlet, type RouteObject, useRoutes } from 'react-router';
import { ErrorBoundary } from '../features/errors/error-boundary';
import { NotFoundPage } from '../features/errors/not-found-page';
import { pathLanguages } from '../i18n/language.utils';
import { lazyPage, loadPage, type PageModule, withNamespaces } from '../lib/lazy-page';
import { paths } from '../lib/routes';
import { PublicLayout } from './layouts/public-layout';
import { PathLanguage } from './path-language';
import { requestSignedInFirstData } from './signed-in-first-requests';
import { signedInPagePaths } from './signed-in-page-paths';

/**
 * A page that fetches or sends data, inside TanStack Query's provider (app/query-provider.tsx),
 * which loads alongside the page's code: the pages that only show content go without it.
 */
function fetching(load: () => Promise<PageModule>): () => Promise<PageModule> {
  return () =>
    Promise.all([load(), import('./query-provider')]).then(([{ default: Page }, { QueryProvider }]) => ({
      default: function FetchingPage() {
        return (
          <QueryProvider>
            <Page />
          </QueryProvider>
        );
      },
    }));
}

/** A public page: its own chunk, loaded with the public namespace and its own. */
function publicPage<K extends string>(
  namespaces: string[],
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  options: { fetches?: boolean } = {},
) {
  const loader = loadPage(['public', ...namespaces], load, name);
  return lazy(options.fetches ? fetching(loader) : loader);
}

// Its sections below the first screen bring their own translations (public/landing-page.tsx).
const LandingPage = publicPage([], () => import('../public/landing-page'), 'LandingPage');
const PricingPage = publicPage(['pricing'], () => import('../public/pricing-page'), 'PricingPage');
const DemoPage = publicPage(['company'], () => import('../public/demo-page'), 'DemoPage', { fetches: true });
const FeaturesPage = publicPage(['product'], () => import('../public/features-page'), 'FeaturesPage');
const IntegrationsPage = publicPage(
  ['product'],
  () => import('../public/integrations-page'),
  'IntegrationsPage',
);
const ApiPage = publicPage(['product'], () => import('../public/api-page'), 'ApiPage');
const AboutPage = publicPage(['company'], () => import('../public/about-page'), 'AboutPage');
const BlogPage = publicPage(['blog'], () => import('../public/blog-page'), 'BlogPage', { fetches: true });
const BlogArticlePage = publicPage(
  ['blog', 'blog-articles', 'errors'],
  () => import('../public/blog-article-page'),
  'BlogArticlePage',
  { fetches: true },
);
const CareersPage = publicPage(['company'], () => import('../public/careers-page'), 'CareersPage', {
  fetches: true,
});
const ContactPage = publicPage(['company'], () => import('../public/contact-page'), 'ContactPage', {
  fetches: true,
});
const HelpPage = publicPage(['product'], () => import('../public/help-page'), 'HelpPage');
const DocsPage = publicPage(['product'], () => import('../public/docs-page'), 'DocsPage');
const StatusPage = publicPage(['status'], () => import('../public/status-page'), 'StatusPage', {
  fetches: true,
});
const PrivacyPage = publicPage(['legal'], () => import('../public/privacy-page'), 'PrivacyPage');
const TermsPage = publicPage(['legal'], () => import('../public/terms-page'), 'TermsPage');
const SecurityPage = publicPage(['legal'], () => import('../public/security-page'), 'SecurityPage');
const CompliancePage = publicPage(['legal'], () => import('../public/compliance-page'), 'CompliancePage');
const CostCalculatorPage = publicPage(
  ['tools'],
  () => import('../public/cost-calculator-page'),
  'CostCalculatorPage',
);
const MarketingGalleryPage = publicPage(
  ['tools'],
  () => import('../public/marketing-gallery-page'),
  'MarketingGalleryPage',
);
// A path the router does not serve: Not found in the layout of whoever asks (signed in or not).
const UnknownPathLayout = lazy(() =>
  import('./unknown-path-layout').then((m) => ({ default: m.UnknownPathLayout })),
);
const UnknownPathPage = lazy(() =>
  import('./unknown-path-layout').then((m) => ({ default: m.UnknownPathPage })),
);
const LoginPage = lazyPage(['auth'], () => import('../features/auth/login-page'), 'LoginPage');
const SignupPage = lazy(
  fetching(loadPage(['auth'], () => import('../features/auth/signup-page'), 'SignupPage')),
);
const ForgotPasswordPage = lazyPage(
  ['auth'],
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  ['auth'],
  () => import('../features/auth/reset-password-page'),
  'ResetPasswordPage',
);
const EmailConfirmationPage = lazyPage(
  ['auth'],
  () => import('../features/auth/email-confirmation-page'),
  'EmailConfirmationPage',
);
const DigestUnsubscribePage = lazyPage(
  ['account'],
  () => import('../features/account/digest-unsubscribe-page'),
  'DigestUnsubscribePage',
);
// Every signed-in page fetches: the provider wraps the area's shell. The signed-in pages' table
// loads with it (not in every public page's first load) and picks the page's own chunk.
// The session, the user and the first page's data are asked for, and the page's code loaded,
// while the shell's code loads: not each once the one before has come.
const SignedInArea = lazy(
  fetching(() => {
    void requestSignedInFirstData(window.location.pathname);
    return Promise.all([
      withNamespaces(['shell'], () => import('./signed-in-area')),
      import('./signed-in-pages').then((m) => m.preloadSignedInPage(window.location.pathname)),
    ]).then(([m]) => ({ default: m.SignedInArea }));
  }),
);
const SignedInPage = lazy(() => import('./signed-in-pages').then((m) => ({ default: m.SignedInPage })));
/** Signed-in routes that later issues build; until then they show Not found inside the shell. */
const plannedAppPaths: string[] = [];

/** The public site's pages, in the public layout. */
const publicPages: RouteObject[] = [
  { index: true, element: <LandingPage /> },
  { path: paths.pricing, element: <PricingPage /> },
  { path: paths.demo, element: <DemoPage /> },
  { path: paths.features, element: <FeaturesPage /> },
  { path: paths.integrations, element: <IntegrationsPage /> },
  { path: paths.api, element: <ApiPage /> },
  { path: paths.about, element: <AboutPage /> },
  { path: paths.blog, element: <BlogPage /> },
  { path: paths.blogArticle, element: <BlogArticlePage /> },
  { path: paths.careers, element: <CareersPage /> },
  { path: paths.contact, element: <ContactPage /> },
  { path: paths.help, element: <HelpPage /> },
  { path: paths.docs, element: <DocsPage /> },
  { path: paths.status, element: <StatusPage /> },
  { path: paths.privacy, element: <PrivacyPage /> },
  { path: paths.terms, element: <TermsPage /> },
  { path: paths.security, element: <SecurityPage /> },
  { path: paths.compliance, element: <CompliancePage /> },
  { path: paths.costCalculator, element: <CostCalculatorPage /> },
  { path: paths.marketingGallery, element: <MarketingGalleryPage /> },
  { path: paths.login, element: <LoginPage /> },
  { path: paths.signup, element: <SignupPage /> },
  { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
  { path: paths.resetPassword, element: <ResetPasswordPage /> },
];

/** A route of `publicPages` under a language segment: its path relative to it. */
const relativeRoute = (route: RouteObject): RouteObject =>
  route.path ? { ...route, path: route.path.replace(/^\//, '') } : route;

/** Catches what a page throws while rendering (a declarative router has no route `errorElement`). */
function RootLayout() {
  return (
    <ErrorBoundary>
      <Outlet />
    </ErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.emailConfirmation, element: <EmailConfirmationPage /> },
      { path: paths.digestUnsubscribe, element: <DigestUnsubscribePage /> },
      { element: <PublicLayout />, children: publicPages },
      // The same pages at their language URLs (/es/pricing, /tr/pricing), pre-rendered in that language.
      ...pathLanguages.map(
        (language): RouteObject => ({
          path: `/${language}`,
          element: <PathLanguage language={language} />,
          children: [{ element: <PublicLayout />, children: publicPages.map(relativeRoute) }],
        }),
      ),
      { element: <UnknownPathLayout />, children: [{ path: '*', element: <UnknownPathPage /> }] },
      {
        element: <SignedInArea />,
        children: [
          ...signedInPagePaths.map((path) => ({ path, element: <SignedInPage path={path} /> })),
          { path: '/account/*', element: <NotFoundPage /> },
          ...plannedAppPaths.flatMap((path) => [
            { path, element: <NotFoundPage /> },
            { path: `${path}/*`, element: <NotFoundPage /> },
          ]),
        ],
      },
    ],
  },
];

/** The app's routes under whichever router holds the location: the browser's, or a memory router. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * A declarative router, not a data router (createBrowserRouter): the app has no loaders or
 * actions, and the data router would add about 19 kB gzip to every page's first load. The build's
 * pre-rendering puts the same AppRoutes in a MemoryRouter, so hydration finds the same tree.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
