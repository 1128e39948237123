import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

// The clock is held still (Date only), so "the same 30-second window" does not depend on how fast
// this machine runs the requests.
afterEach(() => {
  vi.useRealTimers();
});

describe('TOTP two-factor', () => {
  it('a user turns it on; sign-in then needs a code from the authenticator, and a wrong code is refused', async () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
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
      payload: { code: totpCode(secret, now) },
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
      payload: { code: totpCode(secret, now + 10 * 60_000) },
    });
    expect(wrong.statusCode).toBe(401);

    // The next 30-second code: the one that confirmed the set-up has been used.
    vi.setSystemTime(now + 30_000);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: jsonHeaders({ cookie: challenge }),
      payload: { code: totpCode(secret, now + 30_000) },
    });
    expect(right.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieOf(right) } });
    expect(after.statusCode).toBe(200);
  });
});

describe('a TOTP code works once', () => {
  async function enableTwoFactor() {
    const { owner } = await buildClinic(t);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { password: owner.password },
    });
    const secret = new URL((enable.json() as { totpURI: string }).totpURI).searchParams.get('secret')!;
    return { owner, secret };
  }

  const signInChallenge = async (email: string, password: string) =>
    cookieOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: jsonHeaders(),
        payload: { email, password },
      }),
    );

  const verify = (cookie: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: jsonHeaders({ cookie }),
      payload: { code },
    });

  it('the code that turned two-factor on cannot sign in again in its window; the next code can', async () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    const { owner, secret } = await enableTwoFactor();
    const code = totpCode(secret, now);
    expect((await verify(owner.cookie, code)).statusCode).toBe(200);

    const replay = await verify(await signInChallenge(owner.email, owner.password), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: 'TOTP_CODE_ALREADY_USED',
      message: 'This code has already been used. Please wait for the next code from your authenticator app.',
    });
    expect(replay.cookies.find((c) => c.name.includes('session_token') && c.value)).toBeUndefined();

    vi.setSystemTime(now + 30_000);
    const next = await verify(
      await signInChallenge(owner.email, owner.password),
      totpCode(secret, now + 30_000),
    );
    expect(next.statusCode).toBe(200);
  });

  it('two sign-ins racing with one code: only one gets a session', async () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    const { owner, secret } = await enableTwoFactor();
    expect((await verify(owner.cookie, totpCode(secret, now))).statusCode).toBe(200);
    vi.setSystemTime(now + 30_000);
    const code = totpCode(secret, now + 30_000);
    const challenges = [
      await signInChallenge(owner.email, owner.password),
      await signInChallenge(owner.email, owner.password),
    ];
    const answers = await Promise.all(challenges.map((cookie) => verify(cookie, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('an earlier code than the last one accepted is refused too', async () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    const { owner, secret } = await enableTwoFactor();
    expect((await verify(owner.cookie, totpCode(secret, now + 30_000))).statusCode).toBe(200);
    const earlier = await verify(await signInChallenge(owner.email, owner.password), totpCode(secret, now));
    expect(earlier.json().code).toBe('TOTP_CODE_ALREADY_USED');
  });
});
