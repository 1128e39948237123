import { idleSignOutMinutes, isIdleExpired, shouldRecordActivity } from '@careloop/domain/idle-sign-out';
import { APIError } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { ClinicRole } from '../db/schema';
import { forbidden, noClinic, notAuthenticated, sessionIdle } from '../lib/errors';
import {
  getMembership,
  getSignedIn,
  type Membership,
  recordActivity,
  type SignedInRow,
} from '../modules/clinics/clinics.service';
import { fetchHeaders } from './auth/auth.plugin';
import type { Auth } from './auth/create-auth';
import { createSessionTokenReader } from './auth/session-cookie';
import { createIdentityCache, type IdentityCache, mayChangeIdentities } from './identity-cache';

type SessionUser = {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  twoFactorEnabled: boolean;
  /** Their own language (set at sign-up from the page, then from the language menu); null: the clinic's. */
  language: string | null;
};

/** Who is calling, and for which clinic: always taken from the session, never from the request. */
export type ClinicContext = {
  userId: string;
  clinicId: string;
  role: ClinicRole;
  user: SessionUser;
  clinic: Membership['clinic'];
};

export type RequestContextResolver = {
  /** The signed-in user or null; an expired (absolute lifetime) session is revoked here. */
  optionalUser(request: FastifyRequest): Promise<SessionUser | null>;
  requireClinic(request: FastifyRequest, roles?: readonly ClinicRole[]): Promise<ClinicContext>;
  optionalClinic(request: FastifyRequest): Promise<ClinicContext | null>;
  /** Signed-in rows kept for a moment (`identity-cache.ts`); write requests end them. */
  identityCache: IdentityCache;
};

type SignedIn = { user: SessionUser; membership: Membership | null };
/** A session ended here for idleness: the caller is told why (401 SESSION_IDLE), once. */
type IdleEnded = { idleMinutes: number };

const cache = new WeakMap<FastifyRequest, Promise<SignedIn | IdleEnded | null>>();

const isIdleEnded = (value: SignedIn | IdleEnded | null): value is IdleEnded =>
  value !== null && 'idleMinutes' in value;

export function createRequestContext(deps: {
  auth: Auth;
  db: Database;
  absoluteLifetimeSeconds: number;
  /** How long a signed-in row may be reused (0: never); the bound on revocation by another process. */
  identityCacheMs: number;
  now?: () => number;
}): RequestContextResolver {
  const clock = deps.now ?? Date.now;
  const identityCache = createIdentityCache(deps.identityCacheMs);
  const readSessionToken = createSessionTokenReader();
  const sessionOptions = deps.auth.options.session ?? {};
  const idleSeconds = sessionOptions.expiresIn ?? 7 * 86_400;
  const updateAgeSeconds = sessionOptions.updateAge ?? 86_400;
  let authContext: Awaited<Auth['$context']> | undefined;

  // Session, user and clinic in one statement; better-auth itself only when the idle expiry is due to
  // slide forward (once per updateAge) or the caller sends no session cookie but an Authorization header.
  async function resolve(request: FastifyRequest): Promise<SignedIn | IdleEnded | null> {
    const { cookie, authorization } = request.headers;
    if (!cookie && !authorization) return null;
    // Read once: awaiting the settled promise again cost a turn of the microtask queue a request.
    authContext ??= await deps.auth.$context;
    const token = readSessionToken(cookie, authContext.authCookies.sessionToken.name, authContext.secret);
    if (!token) return authorization ? resolveThroughAuth(request) : null;
    const row = await signedInRow(token, mayChangeIdentities(request));
    if (!row) return null;
    const now = clock();
    if (row.sessionExpiresAt.getTime() <= now) return null;
    if ((now - row.sessionCreatedAt.getTime()) / 1000 > deps.absoluteLifetimeSeconds) {
      await endSession(request, token);
      return null;
    }
    // Automatic logoff at the clinic's idle time; activity written at most once a minute.
    const idleMinutes = row.membership?.clinic.idleTimeoutMinutes ?? idleSignOutMinutes.default;
    const activity = { lastActiveAt: row.sessionLastActiveAt, idleMinutes, now: new Date(now) };
    if (isIdleExpired(activity)) {
      await endSession(request, token);
      return { idleMinutes };
    }
    if (shouldRecordActivity(row.sessionLastActiveAt, activity.now)) {
      // The cached row learns the write too, or every request until it expires would write again.
      row.sessionLastActiveAt = activity.now;
      await recordActivity(deps.db, token, activity.now);
    }
    const slideDue = row.sessionExpiresAt.getTime() - (idleSeconds - updateAgeSeconds) * 1000 <= now;
    if (slideDue) {
      identityCache.forget(token);
      if (!(await deps.auth.api.getSession({ headers: fetchHeaders(request) }))) return null;
    }
    return {
      user: {
        id: row.userId,
        email: row.email,
        name: row.name,
        firstName: row.firstName,
        lastName: row.lastName,
        twoFactorEnabled: Boolean(row.twoFactorEnabled),
        language: row.language,
      },
      membership: row.membership,
    };
  }

  // Through better-auth's public revoke-session, so its own session store and hooks see the end. It
  // answers 401 when better-auth already counts the session ended: then there is nothing left to end.
  async function endSession(request: FastifyRequest, token: string) {
    identityCache.forget(token);
    try {
      await deps.auth.api.revokeSession({ headers: fetchHeaders(request), body: { token } });
    } catch (error) {
      if (!(error instanceof APIError) || error.statusCode !== 401) throw error;
    }
  }

  async function signedInRow(token: string, afresh: boolean): Promise<SignedInRow | null> {
    const cached = afresh ? null : identityCache.find(token, clock());
    if (cached) return cached;
    const generation = identityCache.generation();
    const row = await getSignedIn(deps.db, token);
    if (row) identityCache.store(token, row, generation, clock());
    return row;
  }

  async function resolveThroughAuth(request: FastifyRequest): Promise<SignedIn | null> {
    const result = await deps.auth.api.getSession({ headers: fetchHeaders(request) });
    if (!result) return null;
    const ageSeconds = (clock() - new Date(result.session.createdAt).getTime()) / 1000;
    if (ageSeconds > deps.absoluteLifetimeSeconds) {
      await endSession(request, result.session.token);
      return null;
    }
    const u = result.user as typeof result.user & {
      firstName?: string | null;
      lastName?: string | null;
      twoFactorEnabled?: boolean | null;
      language?: string | null;
    };
    return {
      user: {
        id: u.id,
        email: u.email,
        name: u.name,
        firstName: u.firstName ?? null,
        lastName: u.lastName ?? null,
        twoFactorEnabled: Boolean(u.twoFactorEnabled),
        language: u.language ?? null,
      },
      membership: await getMembership(deps.db, u.id),
    };
  }

  function signedIn(request: FastifyRequest) {
    let pending = cache.get(request);
    if (!pending) {
      pending = resolve(request);
      cache.set(request, pending);
    }
    return pending;
  }

  async function current(request: FastifyRequest): Promise<SignedIn | null> {
    const found = await signedIn(request);
    return isIdleEnded(found) ? null : found;
  }

  async function optionalUser(request: FastifyRequest) {
    return (await current(request))?.user ?? null;
  }

  function toContext({ user, membership }: { user: SessionUser; membership: Membership }): ClinicContext {
    return {
      userId: user.id,
      clinicId: membership.clinicId,
      role: membership.role,
      user,
      clinic: membership.clinic,
    };
  }

  async function optionalClinic(request: FastifyRequest): Promise<ClinicContext | null> {
    const found = await current(request);
    if (!found?.membership) return null;
    return toContext({ user: found.user, membership: found.membership });
  }

  async function requireClinic(request: FastifyRequest, roles?: readonly ClinicRole[]) {
    const found = await signedIn(request);
    if (isIdleEnded(found)) throw sessionIdle(found.idleMinutes);
    if (!found) throw notAuthenticated();
    if (!found.membership) throw noClinic();
    if (roles && !roles.includes(found.membership.role)) throw forbidden();
    return toContext({ user: found.user, membership: found.membership });
  }

  return { optionalUser, requireClinic, optionalClinic, identityCache };
}

export const managerRoles = ['owner', 'admin'] as const satisfies readonly ClinicRole[];
