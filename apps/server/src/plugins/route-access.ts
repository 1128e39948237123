import type { ApiScope } from '@careloop/contracts/api-clients';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  onSendHookHandler,
  RouteOptions,
} from 'fastify';
import type { ClinicRole } from '../db/schema';
import { forbidden } from '../lib/errors';
import type { BearerGuard } from './api-bearer';
import { type ClinicContext, managerRoles, type RequestContextResolver } from './request-context';
import type { SignedInGuards } from './signed-in-guards';

/**
 * Who may call a route, stated in its definition (`config: { access }`):
 * - `public`: anyone (public pages, forms, health, better-auth's own routes);
 * - `member`: any signed-in member of a clinic; `manager`: owner or admin; `owner`: owners only;
 * - `webhook`: a provider, proven by the signature the handler checks over the raw body;
 * - `sandbox`: the provider fakes, mounted only in sandbox mode;
 * - `operator`: a signed-in person who runs the service (`OPERATOR_EMAILS`, ADR 005), whatever their
 *   clinic role: the internal admin pages.
 * - `bearer`: an API client's OAuth 2.0 access token holding the route's `config.scope` (/api/v1).
 */
export const routeAccessKinds = [
  'public',
  'member',
  'manager',
  'owner',
  'webhook',
  'sandbox',
  'operator',
  'bearer',
] as const;
export type RouteAccess = (typeof routeAccessKinds)[number];

/** One row of the route table, as declared: what the access and fuzz tests walk. */
export type DeclaredRoute = {
  method: string;
  url: string;
  access: RouteAccess;
  /** The scope a `bearer` route requires. */
  scope?: ApiScope;
  schema: FastifySchema | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered so far, with its declared access. */
    declaredRoutes: DeclaredRoute[];
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The scope a `bearer` route requires of the caller's token. */
    scope?: ApiScope;
    /**
     * A write that changes no session, user, membership or clinic (patients...): it leaves the
     * signed-in identities this process keeps (`identity-cache.ts`) in place.
     */
    keepsIdentities?: boolean;
  }
  interface FastifyRequest {
    /** The caller's clinic, resolved before the handler on `member`, `manager` and `owner` routes. */
    clinicContext: ClinicContext | null;
  }
}

/** The roles a signed-in access kind admits (undefined: any member). */
const signedInRoles: Partial<Record<RouteAccess, readonly ClinicRole[] | undefined>> = {
  member: undefined,
  manager: managerRoles,
  owner: ['owner'],
  operator: undefined,
};

export const isSignedInAccess = (access: RouteAccess) => access in signedInRoles;

/** A scope's declaration for routes a third-party plugin registers (static files, the fakes). */
const scopeAccessKey = 'routeAccessOfScope';

/** Declares the access of every route registered in `scope` that states none itself. */
export function declareScopeAccess(scope: FastifyInstance, access: RouteAccess) {
  scope.decorate(scopeAccessKey, access);
}

export class UndeclaredRouteAccess extends Error {}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The one place access is enforced: every route must declare it (the app does not start
 * otherwise), and signed-in kinds resolve the caller's clinic before the body is even parsed
 * (401 anonymous, 403 wrong role) through `deps.requestContext`, the one resolver of identity, after
 * the shared guards of signed-in routes (`signed-in-guards.ts`: origin of writes, no-store, per-user rate).
 */
export function registerRouteAccess(
  app: FastifyInstance,
  resolver: RequestContextResolver,
  guards?: SignedInGuards,
  operatorEmails: readonly string[] = [],
  bearer?: BearerGuard,
) {
  const operators = new Set(operatorEmails.map((email) => email.toLowerCase()));
  app.decorateRequest('clinicContext', null);
  app.decorateRequest('apiCaller', null);
  app.decorate('declaredRoutes', []);
  app.addHook('onRoute', function declareAccess(this: FastifyInstance, route: RouteOptions) {
    const scopeAccess = (this as unknown as Record<string, unknown>)[scopeAccessKey] as
      | RouteAccess
      | undefined;
    route.config = { ...route.config, access: route.config?.access ?? scopeAccess };
    const access = route.config.access;
    if (!access || !routeAccessKinds.includes(access)) {
      throw new UndeclaredRouteAccess(
        `${String(route.method)} ${route.url} declares no access: add config: { access } (${routeAccessKinds.join(', ')})`,
      );
    }
    for (const method of asArray(route.method)) {
      this.declaredRoutes.push({
        method,
        url: route.url,
        access,
        scope: route.config.scope,
        schema: route.schema,
      });
    }
    if (access === 'bearer') {
      const scope = route.config.scope;
      if (!scope || !bearer) {
        throw new UndeclaredRouteAccess(
          `${String(route.method)} ${route.url}: a bearer route needs config.scope and the app a bearer guard`,
        );
      }
      const authorize: onRequestHookHandler = (request, reply) => bearer.authorize(request, reply, scope);
      route.onRequest = [authorize, ...asArray(route.onRequest)];
      const audit: onSendHookHandler = (request, reply, payload, done) => {
        bearer.audit(request, reply);
        done(null, payload);
      };
      route.onSend = [...asArray(route.onSend), audit];
      return;
    }
    if (!isSignedInAccess(access)) return;
    const roles = signedInRoles[access];
    const resolveClinic: onRequestHookHandler = async (request, reply) => {
      guards?.markPrivate(reply);
      guards?.checkOrigin(request);
      request.clinicContext = await resolver.requireClinic(request, roles);
      if (access === 'operator' && !isOperator(operators, request.clinicContext.user.email))
        throw forbidden();
      guards?.countRequest(request.clinicContext.userId, reply);
    };
    route.onRequest = [resolveClinic, ...asArray(route.onRequest)];
  });
}

/** An operator of the service: a signed-in e-mail (verified at sign-up) listed in OPERATOR_EMAILS. */
export function isOperator(operators: ReadonlySet<string>, email: string): boolean {
  return operators.has(email.toLowerCase());
}

/** The clinic the access hook resolved; only routes declared `member`, `manager`, `owner` or `bearer` have one. */
export function clinicContextOf(request: FastifyRequest): ClinicContext {
  if (!request.clinicContext) {
    throw new Error(`${request.method} ${request.routeOptions.url} reads a clinic it does not declare`);
  }
  return request.clinicContext;
}
