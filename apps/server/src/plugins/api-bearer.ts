import type { ApiScope } from '@careloop/contracts/api-clients';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError, forbidden } from '../lib/errors';
import {
  type ApiBudget,
  type ApiCaller,
  countAnonymousApiCall,
} from '../modules/api-clients/api-access.service';
import type { ApiCallerCache } from '../modules/api-clients/api-caller-cache';
import { apiPlanRequired } from '../modules/api-clients/api-clients.service';
import type { ApiUsageBuffer } from '../modules/api-clients/api-usage-buffer';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API client of a `bearer` route, once its token is checked. */
    apiCaller: ApiCaller | null;
  }
}

const realm = 'careloop-api';

/**
 * The `bearer` access kind (/api/v1): a live OAuth 2.0 access token (RFC 6750), then the client's
 * hourly budget (X-RateLimit-* on every answer it gets, 429 with Retry-After past it), the plan, and
 * the route's scope; every call of a known client is audited with its answer's status.
 */
export function createBearerGuard(deps: {
  db: Database;
  usage: ApiUsageBuffer;
  callers: ApiCallerCache;
  now?: () => number;
}) {
  const clock = deps.now ?? Date.now;

  const invalidToken = (reply: FastifyReply, description: string) => {
    reply.header('www-authenticate', `Bearer realm="${realm}", error="invalid_token"`);
    return new AppError(401, 'UNAUTHENTICATED', description);
  };

  /** Counts the call against a budget, writes its X-RateLimit-* headers, and refuses past it. */
  function applyBudget(reply: FastifyReply, budget: ApiBudget) {
    reply.header('x-ratelimit-limit', budget.limit);
    reply.header('x-ratelimit-remaining', budget.remaining);
    reply.header('x-ratelimit-reset', budget.resetsAt);
    if (budget.isOver) {
      reply.header('retry-after', budget.retryAfterSeconds);
      throw new AppError(429, 'RATE_LIMITED', 'Too many requests', {
        limit: budget.limit,
        retryAfterSeconds: budget.retryAfterSeconds,
      });
    }
  }

  const tokenOf = (header: string) => header.match(/^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i)?.[1];

  async function authorize(request: FastifyRequest, reply: FastifyReply, scope: ApiScope) {
    reply.header('cache-control', 'no-store');
    const header = request.headers.authorization;
    if (!header) {
      reply.header('www-authenticate', `Bearer realm="${realm}"`);
      throw new AppError(401, 'UNAUTHENTICATED', 'Not authenticated');
    }
    const token = tokenOf(header);
    if (!token) throw invalidToken(reply, 'The Authorization header must be Bearer <access token>');
    const now = new Date(clock());
    const caller = await deps.callers.find(token, now);
    if (!caller) throw invalidToken(reply, 'The access token is invalid, expired or revoked');
    request.apiCaller = caller;
    applyBudget(reply, await deps.usage.count(caller, now));
    if (!caller.hasApiAccess) throw apiPlanRequired();
    if (!caller.scopes.includes(scope)) {
      reply.header(
        'www-authenticate',
        `Bearer realm="${realm}", error="insufficient_scope", scope="${scope}"`,
      );
      throw forbidden(`This token lacks the ${scope} scope`);
    }
    request.clinicContext = caller.context;
  }

  /** Audits the answer of a call whose client is known (kept, then written within a second: ADR 020). */
  function audit(request: FastifyRequest, reply: FastifyReply) {
    if (!request.apiCaller) return;
    deps.usage.record(
      request.apiCaller,
      {
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
        statusCode: reply.statusCode,
        durationMs: reply.elapsedTime,
      },
      new Date(clock()),
    );
  }

  /**
   * A path under /api/v1 that no route serves: counted like any call, in v1's own terms (epoch
   * X-RateLimit-Reset), against the client's budget when a live token came, else against the
   * caller's address (`anonymousPerMinute`), so that probing for paths is not free.
   */
  async function meterUnknownPath(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const now = new Date(clock());
    const token = tokenOf(request.headers.authorization ?? '');
    const caller = token ? await deps.callers.find(token, now) : null;
    if (caller) {
      request.apiCaller = caller;
      applyBudget(reply, await deps.usage.count(caller, now));
      return;
    }
    applyBudget(reply, await countAnonymousApiCall(deps.db, request.ip, now));
  }

  return { authorize, audit, meterUnknownPath };
}

export type BearerGuard = ReturnType<typeof createBearerGuard>;

/** The API client of a `bearer` route (resolved by the access hook before the handler). */
export function apiCallerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) {
    throw new Error(`${request.method} ${request.routeOptions.url} reads an API client it does not declare`);
  }
  return request.apiCaller;
}

/** The request's `Idempotency-Key` (one value), or undefined. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value.join(',') : value;
}
