import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PageLoader } from '../components/page-loader';
import { ErrorBoundary } from '../features/errors/error-boundary';
import { i18n } from '../i18n';
import { ApiError } from '../lib/api-client';
import { cssVariablesResolver, theme } from './theme';

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

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

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
};

export function AppProvider({ children, queryClient: givenClient }: AppProviderProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <OnDemandNotifications />
          <ErrorBoundary>
            <Suspense fallback={<PageLoader />}>{children}</Suspense>
          </ErrorBoundary>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
