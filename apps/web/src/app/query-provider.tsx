import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';

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

// One client for the whole visit, created by the first page that fetches: every page behind this
// provider (app/router.tsx) shares its cache, as they would under one provider at the root.
let visitClient: QueryClient | undefined;

/**
 * TanStack Query for the pages that fetch or send data. It loads with those pages rather than with
 * the app (app/router.tsx), so that the public pages that only show content do not carry it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  visitClient ??= createQueryClient();
  return <QueryClientProvider client={visitClient}>{children}</QueryClientProvider>;
}
