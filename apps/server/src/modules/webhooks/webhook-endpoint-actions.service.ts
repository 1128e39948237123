import type { SecurityAuditAction } from '@careloop/contracts/audit';
import { webhookEventExamples } from '@careloop/contracts/webhook-events';
import type {
  CreatedWebhookEndpoint,
  SendWebhookTestBody,
  WebhookDeliveryAttempt,
  WebhookEventType,
} from '@careloop/contracts/webhooks';
import { webhookEventTypes } from '@careloop/contracts/webhooks';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { newWebhookSecret } from '../../integrations/webhooks/standard-webhooks';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ClinicContext } from '../../plugins/request-context';
import { recordSecurityEvent } from '../audit/audit.service';
import { readSecret, saveSecret } from '../secrets/secrets.service';
import { insertClaimedDelivery, settleDelivery } from './webhook-deliveries.repository';
import { attemptDelivery, type DeliveryDeps, type DeliveryOptions } from './webhook-delivery.service';
import { findEndpointRow, updateEndpointRow } from './webhook-endpoints.repository';
import { secretNameOf, toAttempt, toEndpoint } from './webhook-endpoints.service';

/** How long deliveries are also signed with a replaced secret: a day to deploy the new one. */
const webhookSecretOverlapMs = 24 * 3_600_000;

const previousSecretNameOf = (endpointId: string) => `${secretNameOf(endpointId)}_PREVIOUS`;

const clockOf = (deps: Pick<AppDeps, 'clock'>) => () => new Date((deps.clock ?? Date.now)());

function audit(db: Database, ctx: ClinicContext, action: SecurityAuditAction, id: string, detail: object) {
  return recordSecurityEvent(db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action,
    resourceType: 'webhook_endpoint',
    resourceId: id,
    riskLevel: 'medium',
    detail: { ...detail },
  });
}

/**
 * A new signing secret, shown in this answer only. For the next 24 hours every delivery carries two
 * signatures (Standard Webhooks allows several in webhook-signature), the new secret's and the
 * replaced one's, so a receiver verifies with either while it switches. A rotation within that day
 * drops the older secret.
 */
export async function rotateWebhookSecret(
  deps: Pick<AppDeps, 'db' | 'secretBox' | 'clock'>,
  ctx: ClinicContext,
  id: string,
): Promise<CreatedWebhookEndpoint> {
  const now = clockOf(deps)();
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    const endpoint = await findEndpointRow(tx, ctx.clinicId, id, { forUpdate: true });
    if (!endpoint) throw notFound('Webhook endpoint');
    const current = await readSecret(
      { db: tx, secretBox: deps.secretBox },
      ctx.clinicId,
      endpoint.secretName,
    );
    const vault = { db: tx, secretBox: deps.secretBox };
    if (current) await saveSecret(vault, ctx, { name: previousSecretNameOf(id), value: current });
    await saveSecret(vault, ctx, { name: endpoint.secretName, value: secret });
    const updated = await updateEndpointRow(
      tx,
      ctx.clinicId,
      id,
      {
        previousSecretName: current ? previousSecretNameOf(id) : null,
        previousSecretExpiresAt: current ? new Date(now.getTime() + webhookSecretOverlapMs) : null,
      },
      now,
    );
    if (!updated) throw notFound('Webhook endpoint');
    await audit(tx, ctx, 'webhook_secret_rotated', id, {});
    return updated;
  });
  return { ...toEndpoint(row, now), secret };
}

/**
 * "Send test event": the example of an event (the one asked for, else the endpoint's first) signed
 * and sent to this endpoint alone, once and at once, whether or not the endpoint is on; the attempt
 * is in the delivery log, and its outcome neither retries nor counts toward disabling the endpoint.
 */
export async function sendWebhookTestEvent(
  deps: DeliveryDeps & Pick<AppDeps, 'clock'>,
  ctx: ClinicContext,
  endpointId: string,
  body: SendWebhookTestBody,
  options: DeliveryOptions = {},
): Promise<WebhookDeliveryAttempt> {
  const now = options.now ?? clockOf(deps);
  const endpoint = await findEndpointRow(deps.db, ctx.clinicId, endpointId);
  if (!endpoint) throw notFound('Webhook endpoint');
  const type: WebhookEventType =
    body.type ?? webhookEventTypes.find((event) => endpoint.events.includes(event)) ?? 'review.created';
  const at = now();
  const delivery = await insertClaimedDelivery(deps.db, {
    clinicId: ctx.clinicId,
    endpointId,
    messageId: newId('msg', 24),
    type,
    body: JSON.stringify({ type, timestamp: at.toISOString(), data: webhookEventExamples[type] }),
    at,
  });
  const { attempt, isSuccess } = await attemptDelivery(deps, endpoint, delivery, 'test', { ...options, now });
  await settleDelivery(
    deps.db,
    delivery,
    { status: isSuccess ? 'succeeded' : 'failed', nextAttemptAt: null },
    now(),
  );
  await audit(deps.db, ctx, 'webhook_test_sent', endpointId, { type, isSuccess });
  return toAttempt({ attempt, messageId: delivery.messageId, eventType: delivery.eventType });
}
