import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { ClinicRole } from '../db/schema';
import { forbidden, noClinic, notAuthenticated } from '../lib/errors';
import { getMembership, type Membership } from '../modules/clinics/clinics.service';
import { fetchHeaders } from './auth/auth.plugin';
import type { Auth } from './auth/create-auth';

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  twoFactorEnabled: boolean;
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
};

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

export function createRequestContext(deps: {
  auth: Auth;
  db: Database;
  absoluteLifetimeSeconds: number;
}): RequestContextResolver {
  async function resolveUser(request: FastifyRequest): Promise<SessionUser | null> {
    if (!request.headers.cookie && !request.headers.authorization) return null;
    const result = await deps.auth.api.getSession({ headers: fetchHeaders(request) });
    if (!result) return null;
    const ageSeconds = (Date.now() - new Date(result.session.createdAt).getTime()) / 1000;
    if (ageSeconds > deps.absoluteLifetimeSeconds) {
      const authContext = await deps.auth.$context;
      await authContext.internalAdapter.deleteSession(result.session.token);
      return null;
    }
    const u = result.user as typeof result.user & {
      firstName?: string | null;
      lastName?: string | null;
      twoFactorEnabled?: boolean | null;
    };
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      firstName: u.firstName ?? null,
      lastName: u.lastName ?? null,
      twoFactorEnabled: Boolean(u.twoFactorEnabled),
    };
  }

  function optionalUser(request: FastifyRequest) {
    let pending = cache.get(request);
    if (!pending) {
      pending = resolveUser(request);
      cache.set(request, pending);
    }
    return pending;
  }

  async function optionalClinic(request: FastifyRequest): Promise<ClinicContext | null> {
    const user = await optionalUser(request);
    if (!user) return null;
    const membership = await getMembership(deps.db, user.id);
    if (!membership) return null;
    return {
      userId: user.id,
      clinicId: membership.clinicId,
      role: membership.role,
      user,
      clinic: membership.clinic,
    };
  }

  async function requireClinic(request: FastifyRequest, roles?: readonly ClinicRole[]) {
    const user = await optionalUser(request);
    if (!user) throw notAuthenticated();
    const membership = await getMembership(deps.db, user.id);
    if (!membership) throw noClinic();
    if (roles && !roles.includes(membership.role)) throw forbidden();
    return {
      userId: user.id,
      clinicId: membership.clinicId,
      role: membership.role,
      user,
      clinic: membership.clinic,
    };
  }

  return { optionalUser, requireClinic, optionalClinic };
}

export const managerRoles = ['owner', 'admin'] as const satisfies readonly ClinicRole[];
