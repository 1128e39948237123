import { createHmac, timingSafeEqual } from 'node:crypto';

// The one place that knows the format of better-auth's signed session cookie (ADR 014): better-auth has
// no public call that only verifies it, and its getSession goes through its endpoint machinery and an
// asynchronous HMAC on every request. The rules below are better-call's `getSignedCookie` (the cookie
// parser, the signature's shape, atob, HMAC-SHA256 of the token under the auth secret);
// `session-cookie.int.test.ts` is the contract: for a cookie better-auth issued and for each altered
// form of it, this reader and better-auth's own getSession must agree.

/** The value of cookie `cookieName` as better-call parses it: the first one, quotes dropped, URI-decoded when it can be. */
function cookieValue(cookieHeader: string | undefined, cookieName: string): string | null {
  if (!cookieHeader) return null;
  let index = 0;
  while (index < cookieHeader.length) {
    const eq = cookieHeader.indexOf('=', index);
    if (eq === -1) return null;
    let end = cookieHeader.indexOf(';', index);
    if (end === -1) end = cookieHeader.length;
    else if (end < eq) {
      index = cookieHeader.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (cookieHeader.slice(index, eq).trim() === cookieName) {
      let value = cookieHeader.slice(eq + 1, end).trim();
      if (value.startsWith('"')) value = value.slice(1, -1);
      return uriDecoded(value);
    }
    index = end + 1;
  }
  return null;
}

function uriDecoded(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The bytes of a base64 signature as `atob` reads them, or null when it is not base64. */
function signatureBytes(signature: string): Buffer | null {
  try {
    return Buffer.from(atob(signature), 'latin1');
  } catch {
    return null;
  }
}

/** The token of a signed value `<token>.<base64 HMAC-SHA256(secret, token)>`, or null when the signature is not ours. */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const given = signatureBytes(signature);
  const expected = createHmac('sha256', secret).update(token).digest();
  if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

/**
 * The session token in better-auth's signed cookie, or null when the cookie is missing or its signature
 * is not ours. Reading it here lets the request context resolve session, user and clinic in one
 * statement instead of going through better-auth's endpoint machinery on every request.
 */
export function readSessionToken(cookieHeader: string | undefined, cookieName: string, secret: string) {
  const value = cookieValue(cookieHeader, cookieName);
  return value === null ? null : verifiedToken(value, secret);
}

const maxRememberedHeaderLength = 512;

/**
 * readSessionToken that remembers the signed values it has verified (the HMAC was a tenth of a
 * signed-in list request's own work). A signature that held once holds for good under the same
 * secret; whether the session is still valid is the identity lookup's question, asked every time.
 * Only values that verified are kept, so a stream of forged cookies cannot fill it; it empties when
 * `limit` is reached or the secret changes.
 */
export function createSessionTokenReader(limit = 10_000, headerLimit = 1_000) {
  let verified = new Map<string, string>();
  // Whole Cookie headers whose session cookie verified: a browser sends the same header request after
  // request, so parsing and URI-decoding it again (a third of this reader's time) is skipped too. Only
  // short headers, and fewer of them: a holder of one valid session can vary the rest of its header.
  let verifiedHeaders = new Map<string, string>();
  let verifiedWith: string | undefined;
  let verifiedName: string | undefined;
  return (cookieHeader: string | undefined, cookieName: string, secret: string): string | null => {
    if (secret !== verifiedWith || cookieName !== verifiedName) {
      verified = new Map();
      verifiedHeaders = new Map();
      verifiedWith = secret;
      verifiedName = cookieName;
    }
    const knownHeader = cookieHeader === undefined ? undefined : verifiedHeaders.get(cookieHeader);
    if (knownHeader !== undefined) return knownHeader;
    const value = cookieValue(cookieHeader, cookieName);
    if (value === null) return null;
    let token = verified.get(value) ?? null;
    if (token === null) {
      token = verifiedToken(value, secret);
      if (token === null) return null;
      if (verified.size >= limit) verified.clear();
      verified.set(value, token);
    }
    if (cookieHeader !== undefined && cookieHeader.length <= maxRememberedHeaderLength) {
      if (verifiedHeaders.size >= headerLimit) verifiedHeaders.clear();
      verifiedHeaders.set(cookieHeader, token);
    }
    return token;
  };
}
