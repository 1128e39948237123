import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { PageLoader } from './page-loader';

/** The parts of a TanStack query that decide what a page shows. */
type QueryLike<T> = { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown };

type QueryStateProps<T> = {
  query: QueryLike<T>;
  /** Title of the alert shown when loading failed, e.g. "Failed to load settings". */
  errorTitle: string;
  /** Shown instead of the error when the API answers 403 FORBIDDEN (the role changed meanwhile). */
  forbidden?: ReactNode;
  children: (data: T) => ReactNode;
};

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'FORBIDDEN';
}

/** A query's data, or what stands in for it: a loader, a forbidden notice, or the error with a retry. */
export function QueryState<T>({ query, errorTitle, forbidden, children }: QueryStateProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (forbidden !== undefined && isForbidden(query.error)) return forbidden;
  if (query.isError) return <LoadError title={errorTitle} onRetry={() => void query.refetch()} />;
  return <PageLoader />;
}

/** A failed load with a retry button. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" title={title}>
      <Button variant="light" color="red" onClick={onRetry}>
        {t('actions.tryAgain')}
      </Button>
    </Alert>
  );
}
