import { Alert, Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';
import { PageLoader } from './page-loader';

/** The parts of a TanStack query that decide what a page shows. */
export type QueryLike<T> = { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown };

/** What a failed load shows: the standard alert with a retry, or a page's own view of the error. */
type ErrorView =
  | {
      /** Title of the alert shown when loading failed, e.g. "Failed to load settings". */
      errorTitle: string;
      /** What went wrong, under the error's title (e.g. the server's reason). */
      errorDetail?: (error: unknown) => ReactNode;
      renderError?: never;
    }
  | {
      /** A view of its own, where the error needs more than a retry (an invitation link gone stale). */
      renderError: (error: unknown) => ReactNode;
      errorTitle?: never;
      errorDetail?: never;
    };

type QueryStateProps<T> = ErrorView & {
  query: QueryLike<T>;
  /** Shown instead of the error when the API answers 403 FORBIDDEN (the role changed meanwhile). */
  forbidden?: ReactNode;
  /** Shown instead of the error when the API answers 404 (the record is not there, or not the clinic's). */
  notFound?: ReactNode;
  /** When the data holds nothing to list: a title and a hint instead of the content. */
  empty?: { isEmpty: (data: T) => boolean; title: string; hint?: string };
  /** Shown while loading; the page-wide spinner unless told. */
  loader?: ReactNode;
  children: (data: T) => ReactNode;
};

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'FORBIDDEN';
}

/**
 * A query's data, or what stands in for it: a loader, a forbidden or not-found notice, the error with a retry,
 * or an empty state. Data already loaded stays on screen when a later refetch fails.
 */
export function QueryState<T>({
  query,
  errorTitle,
  errorDetail,
  renderError,
  forbidden,
  notFound,
  empty,
  loader,
  children,
}: QueryStateProps<T>) {
  if (query.data !== undefined) {
    if (empty?.isEmpty(query.data)) return <EmptyState title={empty.title} hint={empty.hint} />;
    return children(query.data);
  }
  if (forbidden !== undefined && isForbidden(query.error)) return forbidden;
  if (notFound !== undefined && isNotFound(query.error)) return notFound;
  if (query.isError && renderError) return renderError(query.error);
  if (query.isError)
    return (
      <LoadError title={errorTitle ?? ''} onRetry={() => void query.refetch()}>
        {errorDetail?.(query.error)}
      </LoadError>
    );
  return loader ?? <PageLoader />;
}

/** A failed load, what went wrong when known, and a retry button. */
function LoadError({
  title,
  onRetry,
  children,
}: {
  title: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" title={title} role="alert">
      {children}
      <Button variant="light" color="red" display="block" mt={children ? 'sm' : undefined} onClick={onRetry}>
        {t('actions.tryAgain')}
      </Button>
    </Alert>
  );
}

/** Nothing to list yet: what is missing, and what would fill it. */
function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <Center p="xl">
      <Stack gap={4} align="center" ta="center">
        <Title order={2} size="h3">
          {title}
        </Title>
        {hint ? <Text c="dimmed">{hint}</Text> : null}
      </Stack>
    </Center>
  );
}
