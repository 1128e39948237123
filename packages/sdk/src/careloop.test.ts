import { describe, expect, it } from 'vitest';
import { CareLoop, CareLoopAuthenticationError, CareLoopRateLimitError, CareLoopServerError } from './index';

type Call = { method: string; path: string; headers: Headers; body: string | undefined };
type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

/** A scripted API: each path answers its queue of replies in order, then its default. */
function fakeApi(script: Record<string, Reply[]>, defaults: Record<string, Reply> = {}) {
  const calls: Call[] = [];
  let tokens = 0;
  const fetch = async (input: URL | RequestInfo, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: init?.body as string | undefined,
    });
    // Lets calls made at once all reach the token cache before any answer comes.
    await Promise.resolve();
    const reply =
      script[url.pathname]?.shift() ??
      defaults[url.pathname] ??
      (url.pathname === '/api/v1/oauth/token'
        ? {
            status: 200,
            body: { access_token: `tok_${++tokens}`, token_type: 'Bearer', expires_in: 3600, scope: '' },
          }
        : { status: 200, body: { data: [], next_cursor: null } });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const waits: number[] = [];
const options = (fetch: typeof globalThis.fetch) => ({
  baseUrl: 'https://care.example.test/',
  clientId: 'clk_1',
  clientSecret: 'cls_1',
  fetch,
  sleep: async (ms: number) => {
    waits.push(ms);
  },
});

const tokenCalls = (calls: Call[]) => calls.filter((call) => call.path === '/api/v1/oauth/token');

describe('CareLoop tokens', () => {
  it('asks for one token for calls made at once, and reuses it', async () => {
    const api = fakeApi({});
    const careloop = new CareLoop(options(api.fetch));
    await Promise.all([careloop.patients.list(), careloop.reviews.list(), careloop.patients.list()]);
    await careloop.analytics.get();
    expect(tokenCalls(api.calls)).toHaveLength(1);
    const bearer = api.calls.filter((call) => call.path !== '/api/v1/oauth/token');
    expect(bearer.map((call) => call.headers.get('authorization'))).toEqual(Array(4).fill('Bearer tok_1'));
    expect(tokenCalls(api.calls)[0]!.headers.get('authorization')).toBe(`Basic ${btoa('clk_1:cls_1')}`);
  });

  it('on a 401, renews the token once and retries the call once', async () => {
    const api = fakeApi({
      '/api/v1/patients': [{ status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'revoked' } } }],
    });
    const careloop = new CareLoop(options(api.fetch));
    await expect(careloop.patients.list()).resolves.toEqual({ data: [], next_cursor: null });
    expect(tokenCalls(api.calls)).toHaveLength(2);
    const tries = api.calls.filter((call) => call.path === '/api/v1/patients');
    expect(tries.map((call) => call.headers.get('authorization'))).toEqual(['Bearer tok_1', 'Bearer tok_2']);
  });

  it('throws a typed error with the request id when the second try is refused too', async () => {
    const refused = {
      status: 401,
      body: { error: { code: 'UNAUTHENTICATED', message: 'no', request_id: 'req_abc' } },
    };
    const api = fakeApi({}, { '/api/v1/patients': refused });
    const careloop = new CareLoop(options(api.fetch));
    const error = await careloop.patients.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CareLoopAuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', requestId: 'req_abc' });
    expect(api.calls.filter((call) => call.path === '/api/v1/patients')).toHaveLength(2);
  });
});

describe('CareLoop retries', () => {
  it('waits Retry-After on a 429 and sends the same request id and idempotency key again', async () => {
    waits.length = 0;
    const api = fakeApi({
      '/api/v1/patients': [
        {
          status: 429,
          body: { error: { code: 'RATE_LIMITED', message: 'slow' } },
          headers: { 'retry-after': '7' },
        },
      ],
    });
    const careloop = new CareLoop(options(api.fetch));
    await careloop.patients.create({ name: 'Ana' });
    expect(waits).toEqual([7000]);
    const tries = api.calls.filter((call) => call.path === '/api/v1/patients');
    expect(tries).toHaveLength(2);
    expect(tries[1]!.headers.get('idempotency-key')).toBe(tries[0]!.headers.get('idempotency-key'));
    expect(tries[0]!.headers.get('idempotency-key')).toMatch(/^sdk_/);
    expect(tries[1]!.headers.get('x-request-id')).toBe(tries[0]!.headers.get('x-request-id'));
  });

  it('backs off on 5xx, doubling, and gives up after maxRetries with a server error', async () => {
    waits.length = 0;
    const failing = {
      status: 503,
      body: { error: { code: 'INTERNAL', message: 'down' } },
      headers: { 'x-request-id': 'req_503' },
    };
    const api = fakeApi({}, { '/api/v1/reviews': failing });
    const careloop = new CareLoop({ ...options(api.fetch), retry: { maxRetries: 3, baseDelayMs: 100 } });
    const error = await careloop.reviews.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CareLoopServerError);
    expect(error).toMatchObject({ status: 503, requestId: 'req_503' });
    expect(api.calls.filter((call) => call.path === '/api/v1/reviews')).toHaveLength(4);
    expect(waits).toHaveLength(3);
    waits.forEach((ms, attempt) => {
      expect(ms).toBeGreaterThanOrEqual((100 * 2 ** attempt) / 2);
      expect(ms).toBeLessThanOrEqual(100 * 2 ** attempt);
    });
  });

  it('does not wait a Retry-After longer than maxDelayMs: the rate-limit error is thrown at once', async () => {
    waits.length = 0;
    const api = fakeApi(
      {},
      {
        '/api/v1/analytics': {
          status: 429,
          body: { error: { code: 'RATE_LIMITED', message: 'slow' } },
          headers: { 'retry-after': '1800' },
        },
      },
    );
    const careloop = new CareLoop(options(api.fetch));
    const error = await careloop.analytics.get().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CareLoopRateLimitError);
    expect(error).toMatchObject({ retryAfterSeconds: 1800 });
    expect(waits).toEqual([]);
  });

  it('never retries a 4xx other than 429', async () => {
    const api = fakeApi(
      {},
      { '/api/v1/patients/p1': { status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } } },
    );
    await expect(new CareLoop(options(api.fetch)).patients.get('p1')).rejects.toMatchObject({ status: 404 });
    expect(api.calls.filter((call) => call.path === '/api/v1/patients/p1')).toHaveLength(1);
  });
});
