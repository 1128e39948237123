import { makeSignature } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClinic } from '../../testing/build-user';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createSessionTokenReader, readSessionToken } from './session-cookie';

// The contract with better-auth's signed session cookie (session-cookie.ts reads it without
// better-auth): for the cookie better-auth issued at sign-in, and for each altered form of it, our
// reader finds a session exactly when better-auth's own getSession does, and the same one. It fails
// on the better-auth release that changes the cookie's name, format or signature.

let t: TestApp;
let cookieName: string;
let secret: string;
let issued: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const context = await t.deps.auth.$context;
  cookieName = context.authCookies.sessionToken.name;
  secret = context.secret;
  const { owner } = await buildClinic(t);
  const pair = owner.cookie.split('; ').find((part) => part.startsWith(`${cookieName}=`));
  if (!pair) throw new Error(`sign-in set no ${cookieName} cookie`);
  issued = pair.slice(cookieName.length + 1);
  token = decodeURIComponent(issued).split('.')[0]!;
});
afterAll(async () => {
  await t?.close();
});

/** The session token better-auth itself finds in this Cookie header, or null. */
async function betterAuthToken(cookie: string): Promise<string | null> {
  const found = await t.deps.auth.api.getSession({ headers: new Headers({ cookie }) });
  return found?.session.token ?? null;
}

const signature = () => decodeURIComponent(issued).split('.')[1]!;
const withSignature = (value: string) => `${cookieName}=${encodeURIComponent(`${token}.${value}`)}`;

describe("better-auth's signed session cookie, read by us and by better-auth", () => {
  const variants: [string, () => string | Promise<string>][] = [
    ['the cookie as better-auth issued it', () => `${cookieName}=${issued}`],
    ['among other cookies', () => `theme=dark; ${cookieName}=${issued}; lang=es`],
    ['not URI-encoded', () => `${cookieName}=${decodeURIComponent(issued)}`],
    ['in double quotes', () => `${cookieName}="${issued}"`],
    ['signed by us the way better-auth signs', async () => withSignature(await makeSignature(token, secret))],
    ['signed with another secret', async () => withSignature(await makeSignature(token, `${secret}-other`))],
    ['the signature of another token', async () => withSignature(await makeSignature(`${token}x`, secret))],
    ['the signature without its padding', () => withSignature(signature().slice(0, -1))],
    [
      'the signature in base64url',
      () => withSignature(signature().replaceAll('+', '-').replaceAll('/', '_')),
    ],
    ['no signature', () => `${cookieName}=${encodeURIComponent(token)}`],
    ['an empty token', () => `${cookieName}=${encodeURIComponent(`.${signature()}`)}`],
    [
      'a forged cookie of the same name first',
      () => `${withSignature(`${'A'.repeat(43)}=`)}; ${cookieName}=${issued}`,
    ],
    ['the real cookie first, a forged one after', () => `${cookieName}=${issued}; ${cookieName}=forged`],
    ['another cookie name', () => `x${cookieName}=${issued}`],
  ];

  it.each(variants)('%s: the same answer from both', async (_variant, cookieOf) => {
    const cookie = await cookieOf();
    const theirs = await betterAuthToken(cookie);
    expect(readSessionToken(cookie, cookieName, secret)).toBe(theirs);
    expect(createSessionTokenReader()(cookie, cookieName, secret)).toBe(theirs);
  });

  it('the issued cookie names the signed-in session (the table above is not all refusals)', async () => {
    expect(await betterAuthToken(`${cookieName}=${issued}`)).toBe(token);
    expect(readSessionToken(`${cookieName}=${issued}`, cookieName, secret)).toBe(token);
  });
});
