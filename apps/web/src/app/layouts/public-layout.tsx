import { Box, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ErrorBoundary } from '../../features/errors/error-boundary';
import { PageLiveSignal } from '../../lib/page-live';
import {
  hydrateWhenVisible,
  useHydrateWaitingPartsOnMove,
} from '../../public/components/hydrate-when-visible';
import { organizationData, useStructuredData } from '../../public/components/structured-data';
import { PublicHeader } from './public-header';

// Below every page's first screen: a pre-rendered page hydrates its footer near the viewport, and
// the footer's code is not in the first load.
const PublicFooter = hydrateWhenVisible('public-footer', [], () =>
  import('./public-footer').then((module) => ({ default: module.PublicFooter })),
);

/** Public pages: sticky header, main area, footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  useHydrateWaitingPartsOnMove();
  useStructuredData(organizationData());
  return (
    <Stack gap={0} mih="100vh">
      <PublicHeader />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <PageLiveSignal />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <PublicFooter />
    </Stack>
  );
}
