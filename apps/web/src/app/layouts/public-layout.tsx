import { Box, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ErrorBoundary } from '../../features/errors/error-boundary';
import { organizationData, useStructuredData } from '../../public/components/structured-data';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/** Public pages: sticky header, main area, footer. */
export function PublicLayout() {
  const { pathname } = useLocation();
  useStructuredData(organizationData());
  return (
    <Stack gap={0} mih="100vh">
      <PublicHeader />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <PublicFooter />
    </Stack>
  );
}
