import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../../lib/reporting';
import { createErrorId } from './error-id.utils';
import { ErrorScreen } from './error-screen';

/** For errors the router itself catches (outside our ErrorBoundary): same screen, same report. */
export function RouteErrorPage() {
  const error = useRouteError();
  const [errorId] = useState(createErrorId);

  useEffect(() => {
    void reportError({
      errorType: 'react_error_boundary',
      error,
      errorId,
      additionalContext: { source: 'router' },
    });
  }, [error, errorId]);

  return <ErrorScreen errorId={errorId} onTryAgain={() => window.location.reload()} />;
}
