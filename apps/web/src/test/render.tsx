import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, StrictMode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme';
import { i18n } from '../i18n';

/** Shows where the router went, for tests that follow a navigation. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

type RenderPageOptions = {
  /** The route pattern the page is mounted on. */
  path: string;
  /** Where the memory router starts. */
  url?: string;
  /** Child routes, for layouts that render an Outlet. */
  children?: RouteObject[];
};

/** Renders one page inside the app's providers and a memory router with a probe on every other path. */
export function renderPage(page: ReactElement, { path, url = path, children }: RenderPageOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      children ? { element: page, children } : { path, element: page },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  return {
    router,
    queryClient,
    ...render(
      <StrictMode>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
          <I18nextProvider i18n={i18n}>
            <QueryClientProvider client={queryClient}>
              <Notifications />
              <Suspense fallback={<p>suspended</p>}>
                <RouterProvider router={router} />
              </Suspense>
            </QueryClientProvider>
          </I18nextProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  };
}
