import type {
  ApiClient,
  ApiClientListResponse,
  ApiScope,
  CreateApiClientBody,
  CreatedApiClient,
} from '@careloop/contracts/api-clients';
import { apiScopes } from '@careloop/contracts/api-clients';
import { canUseApi, planMessages } from '@careloop/domain/plans';
import type { AppDeps } from '../../app-deps';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ClinicContext } from '../../plugins/request-context';
import { recordSecurityEvent } from '../audit/audit.service';
import {
  type ApiClientListRow,
  insertApiClient,
  listApiClientRows,
  revokeApiClientRow,
  rotateApiClientSecretRow,
} from './api-clients.repository';
import { digest, newClientId, newClientSecret } from './api-credentials';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** How long a replaced secret still gets tokens: a day to deploy the new one without an outage. */
const secretOverlapMs = 24 * 3_600_000;

export const apiPlanRequired = () => new AppError(403, 'PLAN_REQUIRED', planMessages.featureLocked.message);

const isApiScope = (value: string): value is ApiScope => apiScopes.some((scope) => scope === value);

function toApiClient(
  row: Omit<ApiClientListRow, 'createdByName'> & { createdByName?: string | null },
  now: number,
): ApiClient {
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    scopes: row.scopes.filter(isApiScope),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    // A replaced secret past its overlap gets no tokens: there is nothing left to say about it.
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > now
        ? row.previousSecretExpiresAt.toISOString()
        : null,
  };
}

export async function listApiClients(deps: Deps, ctx: ClinicContext): Promise<ApiClientListResponse> {
  const rows = await listApiClientRows(deps.db, ctx.clinicId);
  const now = (deps.clock ?? Date.now)();
  return {
    items: rows.map((row) => toApiClient(row, now)),
    isApiAvailable: canUseApi(ctx.clinic.subscriptionTier),
  };
}

/** A new client of the caller's clinic (Professional and up); its secret is in this answer only. */
export async function createApiClient(
  deps: Deps,
  ctx: ClinicContext,
  body: CreateApiClientBody,
): Promise<CreatedApiClient> {
  if (!canUseApi(ctx.clinic.subscriptionTier)) throw apiPlanRequired();
  const clientSecret = newClientSecret();
  const scopes = apiScopes.filter((scope) => body.scopes.includes(scope));
  const row = await insertApiClient(deps.db, {
    clinicId: ctx.clinicId,
    id: newId('apc'),
    name: body.name.trim(),
    clientId: newClientId(),
    secretHash: digest(clientSecret),
    scopes,
    createdBy: ctx.userId,
  });
  await recordSecurityEvent(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'api_client_created',
    resourceType: 'api_client',
    resourceId: row.id,
    riskLevel: 'medium',
    detail: { scopes },
  });
  return {
    ...toApiClient({ ...row, lastUsedAt: null, createdByName: ctx.user.name }, (deps.clock ?? Date.now)()),
    clientSecret,
  };
}

/** Revokes a client at once: its tokens stop working on their next request. */
export async function revokeApiClient(deps: Deps, ctx: ClinicContext, id: string): Promise<ApiClient> {
  // The revocation, its tokens and its audit entry commit together.
  const row = await deps.db.transaction(async (tx) => {
    const revoked = await revokeApiClientRow(tx, ctx.clinicId, id, new Date());
    if (!revoked) return null;
    await recordSecurityEvent(tx, {
      clinicId: ctx.clinicId,
      userId: ctx.userId,
      action: 'api_client_revoked',
      resourceType: 'api_client',
      resourceId: revoked.id,
      riskLevel: 'medium',
    });
    return revoked;
  });
  if (!row) throw notFound('API client');
  return toApiClient({ ...row, lastUsedAt: null }, (deps.clock ?? Date.now)());
}

/**
 * A new secret for a live client, shown in this answer only; the replaced one still gets tokens for
 * a day (tokens already issued live on until they expire), so the integration can switch without
 * a failed call.
 */
export async function rotateApiClientSecret(
  deps: Deps,
  ctx: ClinicContext,
  id: string,
): Promise<CreatedApiClient> {
  const now = (deps.clock ?? Date.now)();
  const clientSecret = newClientSecret();
  const row = await rotateApiClientSecretRow(deps.db, ctx.clinicId, id, {
    secretHash: digest(clientSecret),
    previousExpiresAt: new Date(now + secretOverlapMs),
  });
  if (!row) throw notFound('API client');
  await recordSecurityEvent(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'api_client_secret_rotated',
    resourceType: 'api_client',
    resourceId: row.id,
    riskLevel: 'medium',
  });
  return { ...toApiClient({ ...row, lastUsedAt: null }, (deps.clock ?? Date.now)()), clientSecret };
}
