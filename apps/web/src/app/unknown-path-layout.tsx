import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader';
import { NotFoundPage } from '../features/errors/not-found-page';
import { authClient } from '../lib/auth-client';
import { usePageMeta } from '../public/components/use-page-meta';
import { PublicLayout } from './layouts/public-layout';
import { QueryProvider } from './query-provider';
import { SignedInArea } from './signed-in-area';

/**
 * The server answers a path the router does not serve with 404 and either the pre-rendered
 * not-found page (public layout) or, when a session cookie came, the shell (plugins/web-app.ts).
 * Whether this document started as that pre-rendered page, read once at load.
 */
const startedPrerendered =
  typeof document !== 'undefined' && Boolean(document.getElementById('root')?.dataset.prerendered);

/**
 * Not found in the layout of whoever asks: the app shell for a signed-in member, the public layout
 * otherwise. While the session is being asked for, a pre-rendered page keeps its public layout (so
 * hydration finds the same tree) and the shell shows the page loader.
 */
function SessionAwareLayout() {
  const session = authClient.useSession();
  if (session.data) {
    return (
      <QueryProvider>
        <SignedInArea />
      </QueryProvider>
    );
  }
  if (session.isPending && !startedPrerendered) return <PageLoader />;
  return <PublicLayout />;
}

/** The build's pre-rendering has no session: the public layout, as a signed-out visitor sees it. */
export const UnknownPathLayout = typeof window === 'undefined' ? PublicLayout : SessionAwareLayout;

/** The page at an unknown path, with its own title (the pre-rendered 404.html carries it). */
export function UnknownPathPage() {
  const { t } = useTranslation('errors');
  usePageMeta(t('notFound.title'), t('notFound.description'));
  return <NotFoundPage />;
}
