import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../lib/errors';

export type SignedInGuardOptions = {
  /** The browser origins allowed to change data with the session cookie (PUBLIC_URL + TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
  /** Requests one signed-in user may make per minute, on all signed-in routes together. */
  perUserPerMinute: number;
  /** Counts one hit on a key in a window (the app: `countHit` on the shared `rate_limits` table). */
  countHit: HitCounter;
};

export type HitCounter = (key: string, windowMs: number) => Promise<{ count: number; resetsInMs: number }>;

/** A counter in this process's memory (unit tests); fixed windows from each key's first hit. */
export function memoryHitCounter(now: () => number = Date.now): HitCounter {
  const windows = new Map<string, { start: number; count: number }>();
  return async (key, windowMs) => {
    const t = now();
    let window = windows.get(key);
    if (!window || t - window.start >= windowMs) {
      window = { start: t, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetsInMs: window.start + windowMs - t };
  };
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const windowMs = 60_000;

/** The origin of an Origin or Referer header; null for "null" (an opaque origin) or garbage. */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * What every signed-in route shares besides identity: a write must come from one of our own origins
 * (better-auth checks its own routes the same way; SameSite=Lax alone still lets a sibling subdomain
 * post), answers carrying clinic data are never stored by a browser or proxy cache, and one user's
 * session cannot flood the server. The per-user budget is counted per user id in the `rate_limits`
 * table (the store of every other rate limit), so several web processes share it and one user's
 * count never touches another's.
 */
export function createSignedInGuards(options: SignedInGuardOptions) {
  const trusted = new Set(options.trustedOrigins.map(originOf).filter((o): o is string => o !== null));

  /** Before the session is read: a cross-origin write is refused without touching the database. */
  function checkOrigin(request: FastifyRequest) {
    if (!unsafeMethods.has(request.method)) return;
    const header = request.headers.origin ?? request.headers.referer;
    // No Origin and no Referer: not a browser (a script holding the cookie can send anything anyway).
    if (header === undefined) return;
    const origin = originOf(header);
    if (!origin || !trusted.has(origin)) throw forbidden('Invalid origin');
  }

  async function countRequest(userId: string, reply: FastifyReply) {
    const { count, resetsInMs } = await options.countHit(`user:${userId}`, windowMs);
    if (count > options.perUserPerMinute) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(resetsInMs / 1000))));
      throw new AppError(429, 'RATE_LIMITED', 'Too many requests');
    }
  }

  function markPrivate(reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
  }

  return { checkOrigin, countRequest, markPrivate };
}

export type SignedInGuards = ReturnType<typeof createSignedInGuards>;
