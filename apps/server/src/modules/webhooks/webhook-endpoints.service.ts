import type { SecurityAuditAction } from '@careloop/contracts/audit';
import type {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookDeliveryLogResponse,
  WebhookEndpoint,
  WebhookEndpointListResponse,
  WebhookEventType,
} from '@careloop/contracts/webhooks';
import { webhookDeliveryStatuses, webhookEventTypes } from '@careloop/contracts/webhooks';
import { canUseApi } from '@careloop/domain/plans';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { checkWebhookTarget } from '../../integrations/webhooks/address-guard';
import { newWebhookSecret } from '../../integrations/webhooks/standard-webhooks';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ClinicContext } from '../../plugins/request-context';
import { apiPlanRequired } from '../api-clients/api-clients.service';
import { recordSecurityEvent } from '../audit/audit.service';
import { deleteSecret, saveSecret } from '../secrets/secrets.service';
import {
  findDeliveryRow,
  recordEndpointOutcome,
  type WebhookDeliveryRow,
} from './webhook-deliveries.repository';
import {
  attemptDelivery,
  type DeliveryDeps,
  type DeliveryOptions,
  recordReplaySuccess,
  targetPolicy,
} from './webhook-delivery.service';
import {
  deleteEndpointRow,
  failPendingDeliveries,
  findEndpointRow,
  insertEndpoint,
  listEndpointLog,
  listEndpointRows,
  updateEndpointRow,
  type WebhookEndpointRow,
} from './webhook-endpoints.repository';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;

const isEventType = (value: string): value is WebhookEventType =>
  webhookEventTypes.some((type) => type === value);

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function toEndpoint(row: WebhookEndpointRow, now = new Date()): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter(isEventType),
    status: row.status === 'disabled' ? 'disabled' : 'active',
    disabledReason:
      row.disabledReason === 'manual' || row.disabledReason === 'gone' || row.disabledReason === 'failing'
        ? row.disabledReason
        : null,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    createdAt: row.createdAt.toISOString(),
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > now.getTime()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
  };
}

/** The vault name of an endpoint's signing secret. */
export const secretNameOf = (endpointId: string) => `WEBHOOK_SECRET_${endpointId}`;

/** A target refused (SSRF guard, scheme) is a 400 on `url`, with the reason. */
async function assertTarget(deps: Pick<AppDeps, 'config'>, url: string) {
  const check = await checkWebhookTarget(url, targetPolicy(deps));
  if (!check.ok) throw badRequest('The request is not valid', [{ field: 'url', message: check.reason }]);
}

const eventsInOrder = (events: readonly string[]) =>
  webhookEventTypes.filter((type) => events.includes(type));

async function audit(
  db: Database,
  ctx: ClinicContext,
  action: SecurityAuditAction,
  id: string,
  detail?: Record<string, unknown>,
) {
  await recordSecurityEvent(db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action,
    resourceType: 'webhook_endpoint',
    resourceId: id,
    riskLevel: 'medium',
    ...(detail ? { detail } : {}),
  });
}

export async function listWebhookEndpoints(
  deps: Pick<AppDeps, 'db'>,
  ctx: ClinicContext,
): Promise<WebhookEndpointListResponse> {
  const rows = await listEndpointRows(deps.db, ctx.clinicId);
  return { items: rows.map((row) => toEndpoint(row)), isAvailable: canUseApi(ctx.clinic.subscriptionTier) };
}

/** A new endpoint (Professional and up); its signing secret is in this answer only, and in the vault. */
export async function createWebhookEndpoint(
  deps: Deps,
  ctx: ClinicContext,
  body: CreateWebhookEndpointBody,
): Promise<CreatedWebhookEndpoint> {
  if (!canUseApi(ctx.clinic.subscriptionTier)) throw apiPlanRequired();
  const url = body.url.trim();
  await assertTarget(deps, url);
  const id = newId('whe');
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    await saveSecret({ db: tx, secretBox: deps.secretBox }, ctx, { name: secretNameOf(id), value: secret });
    const inserted = await insertEndpoint(tx, {
      clinicId: ctx.clinicId,
      id,
      url,
      description: body.description?.trim() || null,
      events: eventsInOrder(body.events),
      secretName: secretNameOf(id),
      createdBy: ctx.userId,
    });
    await audit(tx, ctx, 'webhook_endpoint_created', id, { events: inserted.events });
    return inserted;
  });
  return { ...toEndpoint(row), secret };
}

export async function updateWebhookEndpoint(
  deps: Deps,
  ctx: ClinicContext,
  id: string,
  body: UpdateWebhookEndpointBody,
): Promise<WebhookEndpoint> {
  const existing = await findEndpointRow(deps.db, ctx.clinicId, id);
  if (!existing) throw notFound('Webhook endpoint');
  const url = body.url?.trim();
  if (url !== undefined && url !== existing.url) await assertTarget(deps, url);
  const at = new Date();
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateEndpointRow(
      tx,
      ctx.clinicId,
      id,
      {
        ...(url !== undefined ? { url } : {}),
        ...(body.description !== undefined ? { description: body.description.trim() || null } : {}),
        ...(body.events ? { events: eventsInOrder(body.events) } : {}),
        ...(body.enabled === true
          ? { status: 'active', disabledReason: null, disabledAt: null, failingSince: null }
          : body.enabled === false && existing.status === 'active'
            ? { status: 'disabled', disabledReason: 'manual', disabledAt: at }
            : {}),
      },
      at,
    );
    if (!updated) throw notFound('Webhook endpoint');
    if (updated.status === 'disabled') await failPendingDeliveries(tx, ctx.clinicId, id, at);
    await audit(tx, ctx, 'webhook_endpoint_updated', id, {
      fields: Object.keys(body).filter((key) => key !== 'description'),
    });
    return updated;
  });
  return toEndpoint(row);
}

export async function deleteWebhookEndpoint(
  deps: Deps,
  ctx: ClinicContext,
  id: string,
): Promise<WebhookEndpoint> {
  const row = await deps.db.transaction(async (tx) => {
    const deleted = await deleteEndpointRow(tx, ctx.clinicId, id);
    if (!deleted) throw notFound('Webhook endpoint');
    await deleteSecret({ db: tx }, ctx.clinicId, deleted.secretName);
    if (deleted.previousSecretName) await deleteSecret({ db: tx }, ctx.clinicId, deleted.previousSecretName);
    await audit(tx, ctx, 'webhook_endpoint_deleted', id);
    return deleted;
  });
  return toEndpoint(row);
}

export function toAttempt(row: {
  attempt: {
    id: string;
    deliveryId: string;
    attemptedAt: Date;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    isSuccess: boolean;
    trigger: string;
  };
  messageId: string;
  eventType: string;
}): WebhookDeliveryAttempt {
  return {
    id: row.attempt.id,
    deliveryId: row.attempt.deliveryId,
    messageId: row.messageId,
    eventType: isEventType(row.eventType) ? row.eventType : 'review.created',
    attemptedAt: row.attempt.attemptedAt.toISOString(),
    statusCode: row.attempt.statusCode,
    durationMs: row.attempt.durationMs,
    error: row.attempt.error,
    isSuccess: row.attempt.isSuccess,
    trigger:
      row.attempt.trigger === 'replay' || row.attempt.trigger === 'test' ? row.attempt.trigger : 'scheduled',
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: isEventType(row.eventType) ? row.eventType : 'review.created',
    status: webhookDeliveryStatuses.find((status) => status === row.status) ?? 'pending',
    attempts: row.attempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The endpoint's newest 50 deliveries and attempts (status code, duration, time). */
export async function getWebhookDeliveryLog(
  deps: Pick<AppDeps, 'db'>,
  ctx: ClinicContext,
  endpointId: string,
): Promise<WebhookDeliveryLogResponse> {
  if (!(await findEndpointRow(deps.db, ctx.clinicId, endpointId))) throw notFound('Webhook endpoint');
  const log = await listEndpointLog(deps.db, ctx.clinicId, endpointId, 50);
  return { deliveries: log.deliveries.map(toDelivery), attempts: log.attempts.map(toAttempt) };
}

/**
 * Sends a delivery again now, with its webhook-id and body unchanged (receivers deduplicate on the
 * id) and a new timestamp and signature; recorded in the log as a replay. A success ends its retries.
 */
export async function replayWebhookDelivery(
  deps: DeliveryDeps,
  ctx: ClinicContext,
  endpointId: string,
  deliveryId: string,
  options: DeliveryOptions = {},
): Promise<WebhookDeliveryAttempt> {
  const endpoint = await findEndpointRow(deps.db, ctx.clinicId, endpointId);
  if (!endpoint) throw notFound('Webhook endpoint');
  const delivery = await findDeliveryRow(deps.db, ctx.clinicId, endpointId, deliveryId);
  if (!delivery) throw notFound('Webhook delivery');
  if (endpoint.status !== 'active') throw conflict('Turn the endpoint on before sending to it again');
  const { attempt, isSuccess, attemptedAt } = await attemptDelivery(
    deps,
    endpoint,
    delivery,
    'replay',
    options,
  );
  if (isSuccess) await recordReplaySuccess(deps, delivery, attemptedAt);
  else await recordEndpointOutcome(deps.db, ctx.clinicId, endpointId, false, attemptedAt);
  await audit(deps.db, ctx, 'webhook_delivery_replayed', endpointId, { deliveryId, isSuccess });
  return toAttempt({ attempt, messageId: delivery.messageId, eventType: delivery.eventType });
}
