import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

describe('security headers', () => {
  it('knows its policy, and once repairing puts back a header a handler removed', async () => {
    const app = Fastify({ logger: false });
    const control = registerSecurityHeaders(app, true);
    app.get('/stripped', async (_request, reply) => {
      reply.removeHeader('content-security-policy');
      reply.removeHeader('x-frame-options');
      return { ok: true };
    });
    await app.ready();
    expect([...control.policy.keys()]).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'strict-transport-security',
      ]),
    );
    expect(control.policy.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const before = await app.inject({ method: 'GET', url: '/stripped' });
    expect(before.headers['content-security-policy']).toBeUndefined();
    expect(before.headers['x-content-type-options']).toBe('nosniff');

    expect(control.isRepairing()).toBe(false);
    control.startRepairing();
    const after = await app.inject({ method: 'GET', url: '/stripped' });
    expect(after.headers['content-security-policy']).toBe(control.policy.get('content-security-policy'));
    expect(after.headers['x-frame-options']).toBe(control.policy.get('x-frame-options'));
    expect(after.json()).toEqual({ ok: true });
    await app.close();
  });

  it('gives answers under /api/ the API policy, repaired the same way', async () => {
    const app = Fastify({ logger: false });
    const control = registerSecurityHeaders(app, true);
    app.get('/api/stripped', async (_request, reply) => {
      reply.removeHeader('x-content-type-options');
      return { ok: true };
    });
    app.get('/api/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>ok</p>'));
    await app.ready();
    expect(Object.fromEntries(control.apiPolicy)).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': control.policy.get('strict-transport-security'),
    });

    const data = await app.inject({ method: 'GET', url: '/api/stripped' });
    expect(data.headers['content-security-policy']).toBe(control.apiPolicy.get('content-security-policy'));
    expect(data.headers['x-content-type-options']).toBeUndefined();
    const page = await app.inject({ method: 'GET', url: '/api/page' });
    for (const [name, value] of control.policy) expect(page.headers[name]).toBe(value);

    control.startRepairing();
    const repaired = await app.inject({ method: 'GET', url: '/api/stripped' });
    for (const [name, value] of control.apiPolicy) expect(repaired.headers[name]).toBe(value);
    expect(repaired.headers['cross-origin-opener-policy']).toBeUndefined();
    await app.close();
  });

  it('sends HSTS only behind TLS', () => {
    expect(registerSecurityHeaders(Fastify(), false).policy.has('strict-transport-security')).toBe(false);
  });
});
