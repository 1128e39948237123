import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookTarget, isPublicAddress, type LookupFn, privateReason } from './address-guard';
import { signWebhook } from './standard-webhooks';
import { parseRetryAfter, postWebhook } from './webhook-sender';

const resolvesTo =
  (...addresses: string[]): LookupFn =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const policy = (lookup: LookupFn, allowedPrivateTargets: string[] = []) => ({
  allowedPrivateTargets,
  requireHttps: false,
  lookup,
});

describe('Standard Webhooks signature', () => {
  it('matches the published test vector (providers.md §9.2)', () => {
    expect(
      signWebhook({
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        timestamp: 1614265330,
        body: '{"test": 2432232314}',
      }),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});

describe('webhook target addresses', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['10.1.2.3', false],
    ['172.31.255.255', false],
    ['192.168.0.1', false],
    ['127.0.0.1', false],
    ['127.5.6.7', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fd12:3456::1', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['not-an-ip', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('refuses a name when any of its addresses is private, accepts it when all are public', async () => {
    const url = 'https://hooks.example.test/careloop';
    expect(await checkWebhookTarget(url, policy(resolvesTo('93.184.216.34')))).toEqual({ ok: true });
    expect(await checkWebhookTarget(url, policy(resolvesTo('93.184.216.34', '10.0.0.5')))).toEqual({
      ok: false,
      reason: privateReason,
    });
    expect(await checkWebhookTarget(url, policy(resolvesTo('fd00::7')))).toMatchObject({ ok: false });
    expect(
      await checkWebhookTarget(
        url,
        policy(async () => Promise.reject(new Error('ENOTFOUND'))),
      ),
    ).toMatchObject({ ok: false, reason: 'The host name does not resolve' });
  });

  it('requires https when asked to (production)', async () => {
    expect(
      await checkWebhookTarget('http://hooks.example.test/', {
        allowedPrivateTargets: [],
        requireHttps: true,
        lookup: resolvesTo('93.184.216.34'),
      }),
    ).toEqual({ ok: false, reason: 'The URL must use https' });
  });
});

describe('postWebhook', () => {
  let server: http.Server;
  let port = 0;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits += 1;
      if (request.url === '/slow') return; // never answers
      response.writeHead(request.url === '/busy' ? 429 : 200, { 'retry-after': '30' });
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (url: string, lookup: LookupFn, allowed: string[] = [], timeoutMs = 2000) =>
    postWebhook({
      url,
      body: '{}',
      headers: { 'content-type': 'application/json' },
      timeoutMs,
      policy: policy(lookup, allowed),
    });

  it('does not connect when the name resolves to a private address at send time (DNS rebinding)', async () => {
    const before = hits;
    const result = await post(`http://hooks.example.test:${port}/`, resolvesTo('127.0.0.1'));
    expect(result).toMatchObject({ statusCode: null, error: privateReason });
    const metadata = await post('http://metadata.example.test/latest/', resolvesTo('169.254.169.254'));
    expect(metadata).toMatchObject({ statusCode: null, error: privateReason });
    expect(await post('http://169.254.169.254/latest/', resolvesTo('93.184.216.34'))).toMatchObject({
      error: privateReason,
    });
    expect(hits).toBe(before);
  });

  it('sends to an allowed local target as written, and reads status and Retry-After', async () => {
    const allowed = [`127.0.0.1:${port}`];
    expect(await post(`http://127.0.0.1:${port}/ok`, resolvesTo(), allowed)).toMatchObject({
      statusCode: 200,
      error: null,
    });
    expect(await post(`http://127.0.0.1:${port}/busy`, resolvesTo(), allowed)).toMatchObject({
      statusCode: 429,
      error: 'HTTP 429',
      retryAfterSeconds: 30,
    });
  });

  it('gives up after the timeout', async () => {
    const result = await post(`http://127.0.0.1:${port}/slow`, resolvesTo(), [`127.0.0.1:${port}`], 300);
    expect(result).toMatchObject({ statusCode: null, error: 'Timed out after 300 ms' });
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-26T08:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Thu, 26 Nov 2026 08:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
