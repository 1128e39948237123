import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../lib/errors';

export type SignedInGuardOptions = {
  /** The browser origins allowed to change data with the session cookie (PUBLIC_URL + TRUSTED_ORIGINS). */
  trustedOrigins: readonly string[];
  /** Requests one signed-in user may make per minute, on all signed-in routes together. */
  perUserPerMinute: number;
  now?: () => number;
};

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
 * session cannot flood the server. The per-user budget is counted in memory, per process: it is a brake
 * on a runaway or stolen session, not an accounting, so a database round trip per request would cost
 * more than it protects.
 */
export function createSignedInGuards(options: SignedInGuardOptions) {
  const trusted = new Set(options.trustedOrigins.map(originOf).filter((o): o is string => o !== null));
  const now = options.now ?? Date.now;
  // Each user's minute starts at their first request in it; expired entries are swept once a minute.
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();

  /** Before the session is read: a cross-origin write is refused without touching the database. */
  function checkOrigin(request: FastifyRequest) {
    if (!unsafeMethods.has(request.method)) return;
    const header = request.headers.origin ?? request.headers.referer;
    // No Origin and no Referer: not a browser (a script holding the cookie can send anything anyway).
    if (header === undefined) return;
    const origin = originOf(header);
    if (!origin || !trusted.has(origin)) throw forbidden('Invalid origin');
  }

  function sweep(t: number) {
    if (t - lastSweep < windowMs) return;
    lastSweep = t;
    for (const [userId, window] of windows) if (t - window.start >= windowMs) windows.delete(userId);
  }

  function countRequest(userId: string, reply: FastifyReply) {
    const t = now();
    sweep(t);
    let window = windows.get(userId);
    if (!window || t - window.start >= windowMs) {
      window = { start: t, count: 0 };
      windows.set(userId, window);
    }
    window.count += 1;
    if (window.count > options.perUserPerMinute) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((window.start + windowMs - t) / 1000))));
      throw new AppError(429, 'RATE_LIMITED', 'Too many requests');
    }
  }

  function markPrivate(reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
  }

  return { checkOrigin, countRequest, markPrivate };
}

export type SignedInGuards = ReturnType<typeof createSignedInGuards>;
