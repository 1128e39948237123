import { createHmac, timingSafeEqual } from 'node:crypto';

/** The URI-decoded value of cookie `cookieName` in a Cookie header, or null. */
function cookieValue(cookieHeader: string | undefined, cookieName: string): string | null {
  if (!cookieHeader) return null;
  const prefix = `${cookieName}=`;
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The token of a signed value `<token>.<base64 HMAC-SHA256(secret, token)>`, or null when the signature is not ours. */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

/**
 * The session token in better-auth's signed cookie (URI-encoded), or null when the cookie is missing
 * or its signature is not ours. Reading it here lets the request context resolve session, user and
 * clinic in one statement instead of going through better-auth's endpoint machinery on every request.
 */
export function readSessionToken(cookieHeader: string | undefined, cookieName: string, secret: string) {
  const value = cookieValue(cookieHeader, cookieName);
  return value === null ? null : verifiedToken(value, secret);
}

/**
 * readSessionToken that remembers the signed values it has verified (the HMAC was a tenth
 * of a signed-in list request's own work). A signature that held once holds for good under the same
 * secret; whether the session is still valid is the identity lookup's question, asked every time.
 * Only values that verified are kept, so a stream of forged cookies cannot fill it; it empties when
 * `limit` is reached or the secret changes.
 */
export function createSessionTokenReader(limit = 10_000) {
  let verified = new Map<string, string>();
  let verifiedWith: string | undefined;
  return (cookieHeader: string | undefined, cookieName: string, secret: string): string | null => {
    const value = cookieValue(cookieHeader, cookieName);
    if (value === null) return null;
    if (secret !== verifiedWith) {
      verified = new Map();
      verifiedWith = secret;
    }
    const known = verified.get(value);
    if (known !== undefined) return known;
    const token = verifiedToken(value, secret);
    if (token !== null) {
      if (verified.size >= limit) verified.clear();
      verified.set(value, token);
    }
    return token;
  };
}
