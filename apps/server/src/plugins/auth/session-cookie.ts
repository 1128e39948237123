import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The session token in better-auth's signed cookie (`<token>.<base64 HMAC-SHA256(secret, token)>`,
 * URI-encoded), or null when the cookie is missing or its signature is not ours. Reading it here lets
 * the request context resolve session, user and clinic in one statement instead of going through
 * better-auth's endpoint machinery on every request.
 */
export function readSessionToken(cookieHeader: string | undefined, cookieName: string, secret: string) {
  if (!cookieHeader) return null;
  const prefix = `${cookieName}=`;
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}
