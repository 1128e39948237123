import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSignedInGuards } from './signed-in-guards';

const reply = () => {
  const headers: Record<string, string> = {};
  return {
    headers,
    header: (name: string, value: string) => (headers[name] = value),
  } as unknown as FastifyReply & {
    headers: Record<string, string>;
  };
};

describe('per-user budget of signed-in requests', () => {
  it('counts each user from their first request; the next minute starts afresh', () => {
    let clock = 1_000_000;
    const guards = createSignedInGuards({ trustedOrigins: [], perUserPerMinute: 3, now: () => clock });
    for (let i = 0; i < 3; i += 1) guards.countRequest('u1', reply());
    clock += 30_000;
    guards.countRequest('u2', reply());
    const r = reply();
    expect(() => guards.countRequest('u1', r)).toThrow('Too many requests');
    expect(r.headers['retry-after']).toBe('30');
    clock += 30_000;
    expect(() => guards.countRequest('u1', reply())).not.toThrow();
    for (let i = 0; i < 2; i += 1) guards.countRequest('u2', reply());
    expect(() => guards.countRequest('u2', reply())).toThrow('Too many requests');
  });
});

describe('origin of writes', () => {
  const guards = createSignedInGuards({
    trustedOrigins: ['https://app.careloop.example/', 'http://localhost:3000'],
    perUserPerMinute: 10,
  });
  const request = (method: string, headers: Record<string, string>) =>
    ({ method, headers }) as unknown as FastifyRequest;

  it.each([
    ['POST', { origin: 'https://app.careloop.example' }, true],
    ['DELETE', { origin: 'http://localhost:3000' }, true],
    ['PUT', { referer: 'https://app.careloop.example/settings?tab=team' }, true],
    ['PATCH', {}, true],
    ['GET', { origin: 'https://evil.example' }, true],
    ['POST', { origin: 'https://evil.example' }, false],
    ['POST', { origin: 'https://app.careloop.example.evil.example' }, false],
    ['POST', { origin: 'http://app.careloop.example' }, false],
    ['POST', { origin: 'null' }, false],
    ['POST', { origin: 'not a url' }, false],
    ['POST', { referer: 'https://evil.example/x' }, false],
    ['POST', { origin: 'https://evil.example', referer: 'https://app.careloop.example/' }, false],
  ])('%s %j allowed: %s', (method, headers, allowed) => {
    const check = () => guards.checkOrigin(request(method, headers));
    if (allowed) expect(check).not.toThrow();
    else expect(check).toThrow('Invalid origin');
  });
});
