import { signInLockoutPolicy } from '@careloop/domain/sign-in-lockout';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIp, jsonHeaders, uniqueEmail } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Every 429 says when to try again (Retry-After, RFC 9110 §10.2.3), the per-address limits of the
// sign-in and password-reset routes included: better-auth writes only its own X-Retry-After.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, ip: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: jsonHeaders({ 'x-forwarded-for': ip }), payload });

describe('429 answers of the auth routes carry Retry-After', { timeout: 240_000 }, () => {
  it('sign-in past the per-address limit (any accounts)', async () => {
    const ip = clientIp();
    for (let i = 0; i < signInLockoutPolicy.perAddressPerMinute; i++) {
      const res = await post('/api/auth/sign-in/email', ip, {
        email: uniqueEmail(`limit${i}`),
        password: 'wrong-pass-1234',
      });
      expect(res.statusCode).toBe(401);
    }
    const refused = await post('/api/auth/sign-in/email', ip, {
      email: uniqueEmail('limit-last'),
      password: 'wrong-pass-1234',
    });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('password-reset requests past the per-address limit', async () => {
    const ip = clientIp();
    const ask = () =>
      post('/api/auth/request-password-reset', ip, {
        email: uniqueEmail('reset-limit'),
        redirectTo: '/reset-password',
      });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(300);
  });
});
