import { type ApiScope, apiScopes } from '@careloop/contracts/api-clients';
import { apiRateLimitPerHour, canUseApi } from '@careloop/domain/plans';
import type { Database } from '../../db/client';
import { countHit } from '../../db/rate-limit-counter';
import type { ClinicContext } from '../../plugins/request-context';
import { findLiveToken } from './api-clients.repository';
import { digest } from './api-credentials';

/** An API client calling for its clinic, resolved from a live bearer token. */
export type ApiCaller = {
  apiClientId: string;
  scopes: ApiScope[];
  hasApiAccess: boolean;
  requestsPerHour: number;
  /** When the token stops being valid. */
  expiresAt: Date;
  /** What the clinic's services take: the client acts as itself (its id stands as the actor in audits). */
  context: ClinicContext;
};

const isApiScope = (value: string): value is ApiScope => apiScopes.some((scope) => scope === value);

/** The caller of a bearer token, or null when the token is unknown, expired or its client revoked. */
export async function findApiCaller(db: Database, token: string, now: Date): Promise<ApiCaller | null> {
  const row = await findLiveToken(db, digest(token), now);
  if (!row) return null;
  return {
    apiClientId: row.apiClientId,
    scopes: row.scopes.filter(isApiScope),
    hasApiAccess: canUseApi(row.clinic.subscriptionTier),
    requestsPerHour: apiRateLimitPerHour(row.clinic.subscriptionTier),
    expiresAt: row.expiresAt,
    context: {
      userId: row.apiClientId,
      clinicId: row.clinic.id,
      // Routes decide what a client may do (its scopes); services read no role.
      role: 'staff',
      user: {
        id: row.apiClientId,
        email: '',
        name: row.clientName,
        firstName: null,
        lastName: null,
        twoFactorEnabled: false,
        language: null,
      },
      clinic: row.clinic,
    },
  };
}

/** The hourly budget's window: it opens at a client's first call and lasts an hour. */
export const apiBudgetWindowMs = 3_600_000;

/** The counter of one client's hourly budget in the rate_limits table. */
export const apiRateLimitKey = (clinicId: string, apiClientId: string) => `apiv1:${clinicId}:${apiClientId}`;

/** A caller's standing against its budget, as the X-RateLimit-* headers tell it. */
export type ApiBudget = {
  limit: number;
  remaining: number;
  /** When the window ends, in epoch seconds. */
  resetsAt: number;
  retryAfterSeconds: number;
  isOver: boolean;
};

/** The X-RateLimit-* standing of `count` calls in a window that ends `resetsInMs` after `nowMs`. */
export function budgetOf(count: number, limit: number, resetsInMs: number, nowMs: number): ApiBudget {
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetsAt: Math.ceil((nowMs + resetsInMs) / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil(resetsInMs / 1000)),
    isOver: count > limit,
  };
}

async function countAgainst(
  db: Database,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<ApiBudget> {
  const { count, resetsInMs } = await countHit(db, key, windowMs, now.getTime());
  return budgetOf(count, limit, resetsInMs, now.getTime());
}

/** Calls without a live token to paths no route serves, per client address: as many as the web's unknown pages. */
const anonymousUnknownPathsPerMinute = 300;

/** One call to an unknown /api/v1 path without a live token, counted per client address. */
export function countAnonymousApiCall(db: Database, address: string, now: Date): Promise<ApiBudget> {
  return countAgainst(db, `apiv1-anonymous:${address}`, anonymousUnknownPathsPerMinute, 60_000, now);
}
