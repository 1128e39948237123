import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PageLoader } from '../components/page-loader';
import { ErrorBoundary } from '../features/errors/error-boundary';
import { i18n } from '../i18n';
import { cssVariablesResolver, theme } from './theme';

const ToastContainer = lazy(() =>
  import('./toast-container').then((module) => ({ default: module.ToastContainer })),
);

/**
 * The toast container (and its transitions) loads with the first toast, not with the first page:
 * the store keeps the toast until the container is there to show it, and the container stays.
 */
function OnDemandNotifications() {
  const { notifications, queue } = useNotifications();
  const [isWanted, setIsWanted] = useState(false);
  if (!isWanted && notifications.length + queue.length > 0) setIsWanted(true);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}

/** The providers of every page. TanStack Query is not one of them: the pages that fetch bring it (app/query-provider.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <I18nextProvider i18n={i18n}>
        <OnDemandNotifications />
        <ErrorBoundary>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </ErrorBoundary>
      </I18nextProvider>
    </MantineProvider>
  );
}
