import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../db/execute-rows';
import { publicFormRateLimit } from '../modules/public-site/public-site.routes';
import { clientIp, jsonHeaders } from '../testing/build-user';
import { createTestApp, type TestApp } from '../testing/test-app';
import { counterPrefix } from './rate-limit-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const contactForm = {
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
  subject: 'demo',
  message: 'Do you support clinics in Lisbon?',
};
const newsletterForm = { email: 'ana@example.com' };

const postAs = (ip: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: jsonHeaders({ 'x-forwarded-for': ip }), payload });

describe('database rate-limit counters', () => {
  it('live in an unlogged table: counting a signed-in request does not wait for a WAL flush', async () => {
    const rows = await executeRows<{ relpersistence: string }>(
      t.db,
      sql`select relpersistence from pg_class where relname = 'rate_limits' and relkind = 'r'`,
    );
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });

  it('are named by the route @fastify/rate-limit passes under routeInfo, or by a group', () => {
    expect(counterPrefix({ routeInfo: { method: 'POST', url: '/api/public-forms/:kind' } })).toBe(
      'api:POST:/api/public-forms/:kind:',
    );
    expect(counterPrefix({ routeInfo: { method: ['GET', 'HEAD'], url: '/x' } })).toBe('api:GET,HEAD:/x:');
    expect(counterPrefix({ routeInfo: {}, groupId: 'web-pages' })).toBe('api:group:web-pages:');
    expect(() => counterPrefix({ routeInfo: {} })).toThrow();
  });

  it('browsing (status checks, page metrics, unknown paths) leaves a public form its whole budget', async () => {
    const ip = clientIp();
    const browsing = publicFormRateLimit.max + 1;
    for (let i = 0; i < browsing; i++) {
      const headers = { 'x-forwarded-for': ip };
      expect((await t.app.inject({ method: 'GET', url: '/api/status', headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers })).statusCode).toBe(
        404,
      );
      const metric = await postAs(ip, '/api/log-performance', {
        metrics: [{ metric: 'page_load_time', value: 1200 }],
        url: '/pricing',
      });
      expect(metric.statusCode).toBe(202);
    }
    const first = await postAs(ip, '/api/public-forms/contact', contactForm);
    expect(first.statusCode).toBe(202);
  });

  it('keeps a separate budget per form', async () => {
    const ip = clientIp();
    for (let i = 0; i < publicFormRateLimit.max; i++) {
      expect((await postAs(ip, '/api/public-forms/contact', contactForm)).statusCode).toBe(202);
    }
    expect((await postAs(ip, '/api/public-forms/contact', contactForm)).statusCode).toBe(429);
    expect((await postAs(ip, '/api/public-forms/newsletter', newsletterForm)).statusCode).toBe(202);
  });
});
