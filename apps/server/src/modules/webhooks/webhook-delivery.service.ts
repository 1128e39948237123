import { defaultAppLanguage, isAppLanguage } from '@careloop/domain/clinic-locale';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import type { LookupFn, TargetPolicy } from '../../integrations/webhooks/address-guard';
import { webhookHeaders } from '../../integrations/webhooks/standard-webhooks';
import { postWebhook, type WebhookAttemptResult } from '../../integrations/webhooks/webhook-sender';
import { newId } from '../../lib/ids';
import { pause } from '../../lib/pause';
import { readSecret } from '../secrets/secrets.service';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  deleteFinishedDeliveries,
  disableActiveEndpoint,
  insertAttempt,
  markDeliverySucceeded,
  recordEndpointOutcome,
  recoverStaleDeliveries,
  settleDelivery,
  type WebhookDeliveryRow,
} from './webhook-deliveries.repository';
import { webhookDisabledEmail } from './webhook-disabled-email';
import {
  failPendingDeliveries,
  findEndpointRow,
  listOwnerRecipients,
  type WebhookEndpointRow,
} from './webhook-endpoints.repository';
import { maxWebhookAttempts, nextWebhookAttemptAt } from './webhook-retry';

export type DeliveryDeps = Pick<AppDeps, 'db' | 'secretBox' | 'config' | 'mailer'> & {
  log?: { info: (o: object, m: string) => void; error: (o: object, m: string) => void };
};

export type DeliveryOptions = {
  now?: () => Date;
  /** A resolver of our own instead of the system's (tests of DNS answers). */
  lookup?: LookupFn;
  random?: () => number;
};

/** A claim older than this is a stopped worker's (an attempt takes at most WEBHOOK_TIMEOUT_MS). */
const staleClaimMs = 5 * 60_000;

export function targetPolicy(deps: Pick<AppDeps, 'config'>, lookup?: LookupFn): TargetPolicy {
  return {
    allowedPrivateTargets: deps.config.integrations.webhooks.allowedPrivateTargets,
    requireHttps: deps.config.isProduction,
    ...(lookup ? { lookup } : {}),
  };
}

/** One signed POST of a delivery's stored body to its endpoint, recorded in the delivery log. */
export async function attemptDelivery(
  deps: DeliveryDeps,
  endpoint: WebhookEndpointRow,
  delivery: WebhookDeliveryRow,
  trigger: 'scheduled' | 'replay' | 'test',
  options: DeliveryOptions = {},
) {
  const now = options.now ?? (() => new Date());
  const attemptedAt = now();
  const secret = await readSecret(deps, endpoint.clinicId, endpoint.secretName);
  const previous = await readPreviousSecret(deps, endpoint, attemptedAt);
  const result: WebhookAttemptResult = secret
    ? await postWebhook({
        url: endpoint.url,
        body: delivery.body,
        headers: webhookHeaders({
          secrets: previous ? [secret, previous] : [secret],
          id: delivery.messageId,
          timestamp: Math.floor(attemptedAt.getTime() / 1000),
          body: delivery.body,
        }),
        timeoutMs: deps.config.integrations.webhooks.timeoutMs,
        policy: targetPolicy(deps, options.lookup),
      })
    : { statusCode: null, durationMs: 0, error: 'Signing secret missing', retryAfterSeconds: null };
  const isSuccess = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const attempt = await insertAttempt(deps.db, {
    clinicId: endpoint.clinicId,
    id: newId('wha'),
    endpointId: endpoint.id,
    deliveryId: delivery.id,
    attemptedAt,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    error: result.error,
    isSuccess,
    trigger,
  });
  return { attempt, result, isSuccess, attemptedAt };
}

/** The secret a rotation replaced, while it is still within its day (else null). */
async function readPreviousSecret(
  deps: Pick<AppDeps, 'db' | 'secretBox'>,
  endpoint: WebhookEndpointRow,
  at: Date,
): Promise<string | null> {
  const { previousSecretName, previousSecretExpiresAt } = endpoint;
  if (!previousSecretName || !previousSecretExpiresAt || previousSecretExpiresAt.getTime() <= at.getTime())
    return null;
  return readSecret(deps, endpoint.clinicId, previousSecretName);
}

type Outcome = 'succeeded' | 'retrying' | 'failed' | 'skipped';

/** The sweep: takes back stale claims, then claims and sends due deliveries until none is due. */
/**
 * How long a sweep goes on. `budgetMs`: it claims no more after this. `watchMs`: when nothing is due,
 * it looks again every `lookEveryMs` (2 s) until this much time has passed since it began, so an
 * event is sent seconds after its change commits rather than at the next minute's run; `stopping`
 * ends the watch at once (the process is shutting down).
 */
export type SweepLength = {
  budgetMs?: number;
  watchMs?: number;
  lookEveryMs?: number;
  stopping?: AbortSignal;
};

export async function deliverDueWebhooks(
  deps: DeliveryDeps,
  options: DeliveryOptions & SweepLength & { batchSize?: number; concurrency?: number } = {},
) {
  const now = options.now ?? (() => new Date());
  const started = Date.now();
  const result: Record<Outcome, number> & { recovered: number; errors: number } = {
    recovered: await recoverStaleDeliveries(deps.db, new Date(now().getTime() - staleClaimMs), now()),
    succeeded: 0,
    retrying: 0,
    failed: 0,
    skipped: 0,
    errors: 0,
  };
  const batchSize = options.batchSize ?? 50;
  const lookEveryMs = options.lookEveryMs ?? 2_000;
  const watchUntil = started + (options.watchMs ?? 0);
  while (options.budgetMs === undefined || Date.now() - started < options.budgetMs) {
    const claimed = await claimDueDeliveries(deps.db, { now: now(), limit: batchSize });
    if (claimed.length === 0) {
      if (Date.now() + lookEveryMs > watchUntil || options.stopping?.aborted) break;
      await pause(lookEveryMs, options.stopping);
      continue;
    }
    // One endpoint's deliveries one after another, in the order the events happened (a receiver
    // applying consent changes as they arrive ends on the last one); endpoints side by side.
    const byEndpoint = [...groupByEndpoint(claimed).values()];
    let next = 0;
    const lane = async () => {
      while (next < byEndpoint.length) {
        for (const delivery of byEndpoint[next++]!) {
          try {
            result[await deliverClaimed(deps, delivery, options)] += 1;
          } catch (error) {
            result.errors += 1;
            deps.log?.error(
              { err: error, clinicId: delivery.clinicId, deliveryId: delivery.id },
              'webhook delivery failed',
            );
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, byEndpoint.length) }, lane));
    if (claimed.length < batchSize && Date.now() + lookEveryMs > watchUntil) break;
  }
  return result;
}

function groupByEndpoint(deliveries: ClaimedDelivery[]) {
  const groups = new Map<string, ClaimedDelivery[]>();
  for (const delivery of deliveries) {
    const group = groups.get(delivery.endpointId);
    if (group) group.push(delivery);
    else groups.set(delivery.endpointId, [delivery]);
  }
  return groups;
}

async function deliverClaimed(
  deps: DeliveryDeps,
  delivery: ClaimedDelivery,
  options: DeliveryOptions,
): Promise<Outcome> {
  const now = options.now ?? (() => new Date());
  const endpoint = await findEndpointRow(deps.db, delivery.clinicId, delivery.endpointId);
  if (endpoint?.status !== 'active') {
    await settleDelivery(deps.db, delivery, { status: 'failed', nextAttemptAt: null }, now());
    return 'skipped';
  }
  const { result, isSuccess, attemptedAt } = await attemptDelivery(
    deps,
    endpoint,
    delivery,
    'scheduled',
    options,
  );
  const failingSince = (
    await recordEndpointOutcome(deps.db, endpoint.clinicId, endpoint.id, isSuccess, attemptedAt)
  )?.failingSince;
  if (isSuccess) {
    await settleDelivery(deps.db, delivery, { status: 'succeeded', nextAttemptAt: null }, now());
    return 'succeeded';
  }
  // 410 Gone: the receiver says the endpoint is no more (Standard Webhooks): stop at once.
  if (result.statusCode === 410) {
    await settleDelivery(deps.db, delivery, { status: 'failed', nextAttemptAt: null }, now());
    await disableEndpoint(deps, endpoint, 'gone', now());
    return 'failed';
  }
  const nextAt =
    delivery.attempts < maxWebhookAttempts
      ? nextWebhookAttemptAt({
          attemptsMade: delivery.attempts,
          now: attemptedAt,
          retryAfterSeconds: result.retryAfterSeconds,
          random: options.random,
        })
      : null;
  if (nextAt) {
    await settleDelivery(deps.db, delivery, { status: 'pending', nextAttemptAt: nextAt }, now());
    return 'retrying';
  }
  await settleDelivery(deps.db, delivery, { status: 'failed', nextAttemptAt: null }, now());
  // Retries ran out, and nothing this endpoint was sent succeeded since this delivery's first
  // attempt (about a day): the endpoint is down, not one event refused.
  const firstAttemptAt = delivery.firstAttemptAt ?? attemptedAt;
  if (failingSince && failingSince.getTime() <= firstAttemptAt.getTime())
    await disableEndpoint(deps, endpoint, 'failing', now());
  return 'failed';
}

/** Disables an endpoint once (its pending deliveries failed with it) and tells the clinic's owners. */
async function disableEndpoint(
  deps: DeliveryDeps,
  endpoint: WebhookEndpointRow,
  reason: 'gone' | 'failing',
  at: Date,
) {
  const disabled = await deps.db.transaction(async (tx) => {
    const row = await disableActiveEndpoint(tx, endpoint.clinicId, endpoint.id, reason, at);
    if (row) await failPendingDeliveries(tx, endpoint.clinicId, endpoint.id, at);
    return row;
  });
  if (!disabled) return;
  deps.log?.info(
    { clinicId: endpoint.clinicId, endpointId: endpoint.id, reason },
    'webhook endpoint disabled',
  );
  await mailOwners(deps, deps.db, disabled, reason);
}

async function mailOwners(
  deps: DeliveryDeps,
  db: Database,
  endpoint: WebhookEndpointRow,
  reason: 'gone' | 'failing',
) {
  const settingsUrl = `${deps.config.http.publicUrl.replace(/\/+$/, '')}/settings?tab=api`;
  for (const owner of await listOwnerRecipients(db, endpoint.clinicId)) {
    try {
      await deps.mailer.send(
        webhookDisabledEmail({
          to: owner.email,
          language: isAppLanguage(owner.language) ? owner.language : defaultAppLanguage,
          timeZone: owner.timeZone,
          endpointUrl: endpoint.url,
          reason,
          failingSince: endpoint.failingSince ?? endpoint.disabledAt ?? new Date(),
          settingsUrl,
        }),
      );
    } catch (error) {
      deps.log?.error(
        { err: error, clinicId: endpoint.clinicId, endpointId: endpoint.id },
        'webhook disable mail failed',
      );
    }
  }
}

/** A manual replay that succeeded also ends the delivery's retries. */
export async function recordReplaySuccess(deps: Pick<AppDeps, 'db'>, delivery: WebhookDeliveryRow, at: Date) {
  await markDeliverySucceeded(deps.db, delivery.clinicId, delivery.id, at);
  await recordEndpointOutcome(deps.db, delivery.clinicId, delivery.endpointId, true, at);
}

/** The delivery log keeps 30 days: older delivered or failed deliveries go, with their attempts. */
export function deleteOldWebhookDeliveries(
  deps: Pick<AppDeps, 'db'>,
  retentionDays: number,
  now = new Date(),
) {
  return deleteFinishedDeliveries(deps.db, new Date(now.getTime() - retentionDays * 86_400_000));
}
