import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClinic, jsonHeaders } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { totpCode } from '../../testing/totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

describe('TOTP two-factor', () => {
  it('a user turns it on; sign-in then needs a code from the authenticator, and a wrong code is refused', async () => {
    const { owner } = await buildClinic(t);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { password: owner.password },
    });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    expect(backupCodes.length).toBeGreaterThan(0);
    const secret = new URL(totpURI).searchParams.get('secret')!;

    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { code: totpCode(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookieOf(confirm) || owner.cookie },
    });
    expect(me.json().user.twoFactorEnabled).toBe(true);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: jsonHeaders(),
      payload: { email: owner.email, password: owner.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().twoFactorRedirect).toBe(true);
    const challenge = cookieOf(signIn);
    const withoutCode = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: challenge } });
    expect(withoutCode.statusCode).toBe(401);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: jsonHeaders({ cookie: challenge }),
      payload: { code: totpCode(secret, Date.now() + 10 * 60_000) },
    });
    expect(wrong.statusCode).toBe(401);

    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: jsonHeaders({ cookie: challenge }),
      payload: { code: totpCode(secret) },
    });
    expect(right.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieOf(right) } });
    expect(after.statusCode).toBe(200);
  });
});
