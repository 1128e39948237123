import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  clinics,
  clinicUsers,
  users,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEndpoints,
} from '../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export async function insertEndpoint(db: Database, values: typeof webhookEndpoints.$inferInsert) {
  const rows = await db.insert(webhookEndpoints).values(values).returning();
  return rows[0]!;
}

export function listEndpointRows(db: Database, clinicId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.clinicId, clinicId))
    .orderBy(desc(webhookEndpoints.createdAt), webhookEndpoints.id);
}

export async function findEndpointRow(
  db: Database,
  clinicId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookEndpointRow | null> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.clinicId, clinicId), eq(webhookEndpoints.id, id)))
    .limit(1);
  const rows = await (options.forUpdate ? query.for('update') : query);
  return rows[0] ?? null;
}

export async function updateEndpointRow(
  db: Database,
  clinicId: string,
  id: string,
  values: Partial<
    Pick<
      WebhookEndpointRow,
      | 'url'
      | 'description'
      | 'events'
      | 'status'
      | 'disabledReason'
      | 'disabledAt'
      | 'failingSince'
      | 'previousSecretName'
      | 'previousSecretExpiresAt'
    >
  >,
  at: Date,
) {
  const rows = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: at })
    .where(and(eq(webhookEndpoints.clinicId, clinicId), eq(webhookEndpoints.id, id)))
    .returning();
  return rows[0] ?? null;
}

export async function deleteEndpointRow(db: Database, clinicId: string, id: string) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.clinicId, clinicId), eq(webhookEndpoints.id, id)))
    .returning();
  return rows[0] ?? null;
}

/** The newest deliveries and attempts of one endpoint: its delivery log. */
export async function listEndpointLog(db: Database, clinicId: string, endpointId: string, limit: number) {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.clinicId, clinicId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  const attempts = await db
    .select({
      attempt: webhookDeliveryAttempts,
      messageId: webhookDeliveries.messageId,
      eventType: webhookDeliveries.eventType,
    })
    .from(webhookDeliveryAttempts)
    .innerJoin(
      webhookDeliveries,
      and(
        eq(webhookDeliveries.clinicId, webhookDeliveryAttempts.clinicId),
        eq(webhookDeliveries.id, webhookDeliveryAttempts.deliveryId),
      ),
    )
    .where(
      and(eq(webhookDeliveryAttempts.clinicId, clinicId), eq(webhookDeliveryAttempts.endpointId, endpointId)),
    )
    .orderBy(desc(webhookDeliveryAttempts.attemptedAt), desc(webhookDeliveryAttempts.id))
    .limit(limit);
  return { deliveries, attempts };
}

/** Pending deliveries of an endpoint that stopped receiving are failed (a replay can still send them). */
export async function failPendingDeliveries(db: Database, clinicId: string, endpointId: string, at: Date) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, updatedAt: at })
    .where(
      and(
        eq(webhookDeliveries.clinicId, clinicId),
        eq(webhookDeliveries.endpointId, endpointId),
        sql`${webhookDeliveries.status} in ('pending', 'sending')`,
      ),
    );
}

/** The clinic's owners' e-mail addresses (an endpoint disabled for failing is mailed to them). */
/** The clinic's owners, each with the language they read (theirs, else the clinic's) and the clinic's zone. */
export async function listOwnerRecipients(db: Database, clinicId: string) {
  return db
    .select({
      email: users.email,
      language: sql<string>`coalesce(${users.language}, ${clinics.defaultLanguage})`,
      timeZone: clinics.timeZone,
    })
    .from(clinicUsers)
    .innerJoin(users, eq(users.id, clinicUsers.userId))
    .innerJoin(clinics, eq(clinics.id, clinicUsers.clinicId))
    .where(and(eq(clinicUsers.clinicId, clinicId), eq(clinicUsers.role, 'owner')))
    .orderBy(users.email);
}
