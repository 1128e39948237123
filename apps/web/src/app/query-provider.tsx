import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect } from 'react';
import { ApiError } from '../lib/api-client';
import { currentUserKeys } from '../lib/current-user';
import { applyFullStyles } from '../lib/full-styles';
import { isSessionIdleError, rememberIdleSignOut } from '../lib/session-end';

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  // A 401 on any request means the session ended (signed out elsewhere, or idle): asking for the
  // current user again lets the signed-in shell send the member to the sign-in page.
  const onError = (error: unknown, queryKey?: readonly unknown[]) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (isSessionIdleError(error)) rememberIdleSignOut();
    if (queryKey?.[0] === currentUserKeys.all[0]) return;
    void client.invalidateQueries({ queryKey: currentUserKeys.all });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => onError(error) }),
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  return client;
}

// One client for the whole visit, created by the first page that fetches: every page behind this
// provider (app/router.tsx) shares its cache, as they would under one provider at the root.
let visitClient: QueryClient | undefined;

/**
 * TanStack Query for the pages that fetch or send data. It loads with those pages rather than with
 * the app (app/router.tsx), so that the public pages that only show content do not carry it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  visitClient ??= createQueryClient();
  // What a fetching page shows depends on the answer, not only on its pre-rendered HTML: it gets
  // the whole style sheet (lib/full-styles.ts).
  useLayoutEffect(applyFullStyles, []);
  return <QueryClientProvider client={visitClient}>{children}</QueryClientProvider>;
}
