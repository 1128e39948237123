import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: true });
});
afterAll(async () => {
  await t?.close();
});

describe('health, readiness, headers and unknown API paths', () => {
  it('GET /api/health answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready checks the database and the job queue, and reports that no worker runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    // This app enqueues but works no job, and no process in these tests beats a heartbeat: the
    // process is ready, and says no worker runs (status-incidents.int.test.ts shows one that does).
    expect(res.json()).toEqual({ status: 'ready', checks: { database: true, jobs: true, workers: false } });
  });

  it('every response carries the security headers: the API its own policy, a page the browser policy', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(api.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(api.headers['strict-transport-security']).toBeUndefined();
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(notFound.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");

    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a page answered under /api/ gets the page policy', async () => {
    // The newsletter's confirmation page (a form) is served under /api/subscriptions/confirm.
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/confirm?token=not-a-token' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('an unknown API path answers a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('serves the OpenAPI document without the auth catch-all', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/secrets');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/auth'))).toBe(false);
  });
});

describe('behind TLS', () => {
  it('adds HSTS and Secure cookies', async () => {
    const tls = await createTestApp({ env: { PUBLIC_URL: 'https://careloop.example' } });
    try {
      const res = await tls.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await tls.close();
    }
  });
});
