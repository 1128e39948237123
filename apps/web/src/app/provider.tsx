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

/**
 * The two style elements MantineProvider writes first (the theme's CSS variables, its responsive
 * classes), as a pre-rendered page brought them; null on a page without them. Mantine computes the
 * variables from the whole theme at every start (tens of milliseconds of one task on a phone) for
 * the same few lines of CSS the page already holds: a pre-rendered page keeps its own.
 */
function prerenderedMantineStyles(): { marker: string; css: string }[] | null {
  if (typeof document === 'undefined') return null;
  const styles = document.querySelectorAll<HTMLStyleElement>(
    '#root[data-prerendered] > style[data-mantine-styles]',
  );
  if (styles.length !== 2) return null;
  return [...styles].map((style) => ({
    marker: style.dataset.mantineStyles ?? '',
    css: style.textContent ?? '',
  }));
}

const keptMantineStyles = prerenderedMantineStyles();

/** The providers of every page. TanStack Query is not one of them: the pages that fetch bring it (app/query-provider.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      withCssVariables={!keptMantineStyles}
      withGlobalClasses={!keptMantineStyles}
    >
      {keptMantineStyles?.map(({ marker, css }) => (
        <style key={marker} data-mantine-styles={marker}>
          {css}
        </style>
      ))}
      <I18nextProvider i18n={i18n}>
        <OnDemandNotifications />
        <ErrorBoundary>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </ErrorBoundary>
      </I18nextProvider>
    </MantineProvider>
  );
}
