import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildClinic, buildUser, jsonHeaders, signIn, uniqueEmail } from '../../testing/build-user';
import { findLink, readOutbox } from '../../testing/outbox';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { commonPasswordListSize, isCommonPassword } from './common-passwords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tooShort = { code: 'PASSWORD_TOO_SHORT', message: 'Password must be at least 8 characters long' };
const tooCommon = {
  code: 'PASSWORD_TOO_COMMON',
  message: 'This password is one of the most common passwords. Please choose one that is harder to guess.',
};

describe('the common-password list', () => {
  it.each([
    ['123456', true],
    ['12345678', true],
    ['password1', true],
    ['trustno1', true],
    ['iloveyou1', true],
    ['tidal-harbor-42', false],
    ['Password1', false],
  ])('%j is common: %s', async (password, expected) => {
    expect(await isCommonPassword(password)).toBe(expected);
  });

  it('holds the 10,000 most common passwords', () => {
    expect(commonPasswordListSize).toBe(10_000);
  });
});

describe('password rules on sign-up', () => {
  const signUp = (password: string) => {
    const email = uniqueEmail('pw');
    return {
      email,
      res: t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: jsonHeaders(),
        payload: { email, password, name: 'Ana Ruiz', firstName: 'Ana', practiceName: 'Clínica Sol' },
      }),
    };
  };

  it.each([
    ['123456', tooShort],
    ['abcdefg', tooShort],
    ['12345678', tooCommon],
    ['QwertyUIOP', tooCommon],
    ['password1', tooCommon],
  ])('%j: 400 with the rule, and nothing stored', async (password, expected) => {
    const { email, res } = signUp(password);
    const answer = await res;
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject(expected);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('an uncommon password of 8 characters or more is accepted', async () => {
    const { res } = signUp('tidal-harbor-42');
    expect((await res).statusCode).toBe(200);
  });
});

describe('password rules on reset and change', () => {
  it('a reset to a common password is refused and the old password still works', async () => {
    const user = await buildUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: jsonHeaders(),
      payload: { email: user.email, redirectTo: '/reset-password' },
    });
    await t.deps.mailer.idle();
    const token = findLink(readOutbox(t.outboxDir, user.email).at(-1)!, '/reset-password?').searchParams.get(
      'token',
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: jsonHeaders(),
      payload: { newPassword: 'sunshine', token },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject(tooCommon);
    expect(await signIn(t, user.email, user.password)).toContain('session_token');
  });

  it.each([
    ['1234567', tooShort],
    ['football1', tooCommon],
  ])('changing the password to %j is refused', async (newPassword, expected) => {
    const { owner } = await buildClinic(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: jsonHeaders({ cookie: owner.cookie }),
      payload: { currentPassword: owner.password, newPassword },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(expected);
    expect(await signIn(t, owner.email, owner.password)).toContain('session_token');
  });
});
