import { apiAccessTiers } from '@careloop/domain/plans';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { clinics, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export type OutboxEvent = { messageId: string; type: string; body: string };

/**
 * One pending delivery per event and active endpoint of the clinic subscribed to its type, in one
 * statement: run inside the transaction of the change, so the outbox holds an event exactly when
 * the change is committed. Only while the clinic's plan includes the API (webhooks come with it:
 * a clinic that moved below Professional keeps its endpoints, and they receive nothing).
 * Returns how many deliveries were queued.
 */
export async function insertDeliveries(
  db: Database,
  clinicId: string,
  events: readonly OutboxEvent[],
  at: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  const values = sql.join(
    events.map((e) => sql`(${e.messageId}::text, ${e.type}::text, ${e.body}::text)`),
    sql`, `,
  );
  const rows = await executeRows<{ id: string }>(
    db,
    sql`insert into ${webhookDeliveries}
          (clinic_id, id, endpoint_id, message_id, event_type, body, status, attempts, next_attempt_at, created_at, updated_at)
        select e.clinic_id, 'whd_' || replace(gen_random_uuid()::text, '-', ''), e.id, v.message_id, v.event_type,
               v.body, 'pending', 0, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz,
               ${at.toISOString()}::timestamptz
        from ${webhookEndpoints} e
        join ${clinics} c on c.id = e.clinic_id
        join (values ${values}) as v(message_id, event_type, body) on v.event_type = any(e.events)
        where e.clinic_id = ${clinicId} and e.status = 'active'
          and c.subscription_tier = any(${sql.param([...apiAccessTiers])}::text[])
        returning id`,
  );
  return rows.length;
}

/**
 * A delivery to one endpoint only, claimed at once for its single attempt (a test event: no
 * retries, so it never sits pending for the sweep).
 */
export async function insertClaimedDelivery(
  db: Database,
  values: { clinicId: string; endpointId: string; messageId: string; type: string; body: string; at: Date },
): Promise<WebhookDeliveryRow> {
  const rows = await db
    .insert(webhookDeliveries)
    .values({
      clinicId: values.clinicId,
      id: `whd_${crypto.randomUUID().replaceAll('-', '')}`,
      endpointId: values.endpointId,
      messageId: values.messageId,
      eventType: values.type,
      body: values.body,
      status: 'sending',
      attempts: 1,
      nextAttemptAt: null,
      claimedAt: values.at,
      firstAttemptAt: values.at,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning();
  return rows[0]!;
}

export type ClaimedDelivery = WebhookDeliveryRow;

/**
 * Claims due deliveries across clinics (FOR UPDATE SKIP LOCKED: workers share the work); each
 * claim counts as an attempt and is stamped so that a stopped worker's claim can be taken back.
 */
export async function claimDueDeliveries(db: Database, options: { now: Date; limit: number }) {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const rows = await executeRows<{ clinic_id: string; id: string }>(
    db,
    sql`update ${webhookDeliveries} d
        set status = 'sending', claimed_at = ${now}, attempts = d.attempts + 1,
            first_attempt_at = coalesce(d.first_attempt_at, ${now}), updated_at = ${now}
        from (
          select clinic_id, id from ${webhookDeliveries}
          where status = 'pending' and next_attempt_at <= ${now}
          order by next_attempt_at, created_at, id
          limit ${options.limit}
          for update skip locked
        ) due
        where d.clinic_id = due.clinic_id and d.id = due.id
        returning d.clinic_id, d.id`,
  );
  if (rows.length === 0) return [];
  const clinicIds = [...new Set(rows.map((r) => r.clinic_id))];
  const ids = rows.map((r) => r.id);
  // In the order the events happened: the sweep sends each endpoint's in this order.
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.clinicId, clinicIds), inArray(webhookDeliveries.id, ids)))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
}

/** Claims older than `staleBefore` belong to a stopped worker: pending again (receivers dedupe by webhook-id). */
export async function recoverStaleDeliveries(db: Database, staleBefore: Date, now: Date): Promise<number> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now, claimedAt: null, updatedAt: now })
    .where(and(eq(webhookDeliveries.status, 'sending'), lte(webhookDeliveries.claimedAt, staleBefore)))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

export async function findDeliveryRow(db: Database, clinicId: string, endpointId: string, id: string) {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.clinicId, clinicId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function insertAttempt(db: Database, values: typeof webhookDeliveryAttempts.$inferInsert) {
  const rows = await db.insert(webhookDeliveryAttempts).values(values).returning();
  return rows[0]!;
}

/** Moves a claimed delivery on, only while the claim is still this worker's (same attempt count). */
export async function settleDelivery(
  db: Database,
  delivery: Pick<WebhookDeliveryRow, 'clinicId' | 'id' | 'attempts'>,
  values: Pick<WebhookDeliveryRow, 'status' | 'nextAttemptAt'>,
  at: Date,
) {
  await db
    .update(webhookDeliveries)
    .set({ ...values, claimedAt: null, updatedAt: at })
    .where(
      and(
        eq(webhookDeliveries.clinicId, delivery.clinicId),
        eq(webhookDeliveries.id, delivery.id),
        eq(webhookDeliveries.attempts, delivery.attempts),
      ),
    );
}

/** A manual replay that succeeded: the delivery is done, whatever its retries were doing. */
export async function markDeliverySucceeded(db: Database, clinicId: string, id: string, at: Date) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'succeeded', nextAttemptAt: null, claimedAt: null, updatedAt: at })
    .where(and(eq(webhookDeliveries.clinicId, clinicId), eq(webhookDeliveries.id, id)));
}

/** After a success the endpoint is no longer failing; after a failure it is, since the first one. */
export async function recordEndpointOutcome(
  db: Database,
  clinicId: string,
  endpointId: string,
  isSuccess: boolean,
  at: Date,
) {
  const rows = await db
    .update(webhookEndpoints)
    .set({
      failingSince: isSuccess
        ? null
        : sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(webhookEndpoints.clinicId, clinicId), eq(webhookEndpoints.id, endpointId)))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return rows[0] ?? null;
}

/** Disables an active endpoint; null when it was not active (someone else disabled it first). */
export async function disableActiveEndpoint(
  db: Database,
  clinicId: string,
  endpointId: string,
  reason: 'gone' | 'failing',
  at: Date,
) {
  const rows = await db
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: reason, disabledAt: at, updatedAt: at })
    .where(
      and(
        eq(webhookEndpoints.clinicId, clinicId),
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.status, 'active'),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Finished deliveries (and, by cascade, their attempts) created before `before`; how many went. */
export async function deleteFinishedDeliveries(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['succeeded', 'failed']),
        lte(webhookDeliveries.createdAt, before),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}
