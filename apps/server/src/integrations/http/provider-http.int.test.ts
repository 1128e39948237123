import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { portOf } from '../../testing/free-port';
import {
  backoffDelay,
  createProviderHttp,
  defaultRetryOptions,
  ProviderError,
  parseRetryAfter,
} from './provider-http';

// A tiny server that answers from a script, so retries are seen over real HTTP.
let server: FastifyInstance;
let base = '';
let script: { status: number; headers?: Record<string, string>; body?: unknown; delayMs?: number }[] = [];
let calls: { method: string; headers: Record<string, unknown>; body: unknown }[] = [];

beforeAll(async () => {
  server = Fastify({ forceCloseConnections: true });
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, String(body)),
  );
  server.all('/thing', async (request, reply) => {
    calls.push({ method: request.method, headers: request.headers, body: request.body });
    const next = script.shift() ?? { status: 200, body: { ok: true } };
    if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
    for (const [k, v] of Object.entries(next.headers ?? {})) reply.header(k, v);
    return reply.status(next.status).send(next.body ?? '');
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${portOf(server.server)}`;
});
afterAll(() => server.close());
beforeEach(() => {
  script = [];
  calls = [];
});

const http = (options = {}) => createProviderHttp('acme', { baseDelayMs: 5, maxDelayMs: 2_000, ...options });

describe('createProviderHttp', () => {
  it('retries a 429 after the Retry-After seconds, then returns the 200 body', async () => {
    script = [
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 200, body: { page: 1 } },
    ];
    const started = Date.now();
    const res = await http().request({ method: 'GET', url: `${base}/thing`, query: { a: 1, s: [4, 5] } });
    expect(res).toEqual({ status: 200, body: { page: 1 } });
    expect(calls).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('retries 500 and 503 with backoff, and gives up after maxRetries as unavailable', async () => {
    script = [{ status: 500 }, { status: 503 }, { status: 200, body: [] }];
    expect((await http().request({ method: 'GET', url: `${base}/thing` })).body).toEqual([]);
    script = [{ status: 500 }, { status: 500 }, { status: 500 }];
    const error = await http({ maxRetries: 2 })
      .request({ method: 'GET', url: `${base}/thing` })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'unavailable', status: 500, provider: 'acme' });
  });

  it('maps 401, 403 and 404 without retrying', async () => {
    for (const [status, kind] of [
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [400, 'bad_request'],
    ] as const) {
      calls = [];
      script = [{ status, body: '<html>gateway</html>' }];
      await expect(http().request({ method: 'GET', url: `${base}/thing` })).rejects.toMatchObject({
        kind,
        status,
      });
      expect(calls).toHaveLength(1);
    }
  });

  it('does not retry a POST unless it is idempotent, and sends forms and JSON with their content types', async () => {
    script = [{ status: 503 }];
    await expect(
      http().request({ method: 'POST', url: `${base}/thing`, json: { message: 'hi' } }),
    ).rejects.toMatchObject({ kind: 'unavailable' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['content-type']).toBe('application/json');
    expect(calls[0]!.body).toEqual({ message: 'hi' });

    calls = [];
    script = [{ status: 503 }, { status: 200, body: { access_token: 't' } }];
    const res = await http().request({
      method: 'POST',
      url: `${base}/thing`,
      form: { grant_type: 'refresh_token', refresh_token: 'r t' },
      isIdempotent: true,
    });
    expect(res.body).toEqual({ access_token: 't' });
    expect(calls[1]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(calls[1]!.body).toBe('grant_type=refresh_token&refresh_token=r+t');
  });

  it('times out a slow answer and reports the provider as unavailable', async () => {
    script = [{ status: 200, delayMs: 400 }];
    await expect(
      http({ timeoutMs: 100, maxRetries: 0 }).request({ method: 'GET', url: `${base}/thing` }),
    ).rejects.toMatchObject({ kind: 'unavailable', message: 'acme did not answer in time' });
  });

  it('keeps a non-JSON success body as text', async () => {
    script = [{ status: 200, body: 'plain words' }];
    expect((await http().request({ method: 'GET', url: `${base}/thing` })).body).toBe('plain words');
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
  });

  it('backs off exponentially with jitter, never past the cap', () => {
    const options = { ...defaultRetryOptions, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(0, options, () => 0)).toBe(50);
    expect(backoffDelay(0, options, () => 1)).toBe(100);
    expect(backoffDelay(2, options, () => 1)).toBe(400);
    expect(backoffDelay(10, options, () => 1)).toBe(1000);
  });
});
