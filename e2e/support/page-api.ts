import type { Page } from 'playwright-core';

export type ApiAnswer<Body = unknown> = { status: number; body: Body };

/**
 * A same-origin JSON call made by the page itself, with its session cookie, as the web app makes it.
 * `Body` is what the caller expects the answer to hold (not checked).
 */
export function callApi<Body = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<Body>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}
