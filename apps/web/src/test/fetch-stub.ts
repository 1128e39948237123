import { vi } from 'vitest';

/** One request as the network boundary saw it. */
export type SeenRequest = { method: string; path: string; search: URLSearchParams; body: unknown };

export type FetchHandler = (request: SeenRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function parseBody(body: BodyInit | null | undefined): unknown {
  // A file sent as it is (an upload) is kept as the Blob the app sent.
  if (body instanceof Blob) return body;
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Replaces the global fetch, the only network boundary of the web app (our api-client and
 * better-auth's client both end in it). Unhandled paths answer 404.
 */
export function stubFetch(handler: FetchHandler) {
  const requests: SeenRequest[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, window.location.origin);
    const request: SeenRequest = {
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      path: url.pathname,
      search: url.searchParams,
      body: parseBody(init?.body),
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', mock);
  return { mock, requests, to: (path: string) => requests.filter((request) => request.path === path) };
}

/** A signed-out better-auth session answer. */
export const noSession = () => json(null);

export const sampleSession = {
  session: {
    id: 'session-1',
    userId: 'user-1',
    token: 'token-1',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  },
  user: {
    id: 'user-1',
    email: 'ada@smile.example',
    name: 'Ada Lovelace',
    emailVerified: true,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  },
};
