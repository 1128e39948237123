import {
  webhookDeliveryStatuses,
  webhookDisabledReasons,
  webhookEndpointStatuses,
  webhookEventTypes,
} from '@careloop/contracts/webhooks';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import { clinics } from './clinics';

// Outbound webhooks: a clinic's endpoints, one delivery row per event and endpoint
// written in the same transaction as the change it reports (the durable outbox the deliver-webhooks
// job sends from), and every attempt (the delivery log). The signing secret is in the vault
// (`secrets`, name in `secret_name`), never here.

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    secretName: text('secret_name').notNull(),
    /**
     * After a rotation, the secret it replaced (its vault name) stays valid until then: every
     * delivery is signed with both, so a receiver can switch without losing one.
     */
    previousSecretName: text('previous_secret_name'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    status: text('status').notNull().default('active'),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failed attempt since the latest success; null while the endpoint answers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    check('webhook_endpoints_status_check', oneOf(t.status, webhookEndpointStatuses)),
    check('webhook_endpoints_disabled_reason_check', oneOf(t.disabledReason, webhookDisabledReasons)),
    index('webhook_endpoints_clinic_created_idx').on(t.clinicId, t.createdAt.desc()),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    endpointId: text('endpoint_id').notNull(),
    /** `webhook-id`: one per event, the same for every endpoint and every retry. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact bytes signed and sent, so that retries and replays send the same body. */
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** When the current claim was taken (status `sending`); a stale claim is a stopped worker's. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The first attempt of the current run of retries (a replay starts a new run). */
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({
      columns: [t.clinicId, t.endpointId],
      foreignColumns: [webhookEndpoints.clinicId, webhookEndpoints.id],
    }).onDelete('cascade'),
    check('webhook_deliveries_status_check', oneOf(t.status, webhookDeliveryStatuses)),
    check('webhook_deliveries_event_type_check', oneOf(t.eventType, webhookEventTypes)),
    // The sweep across clinics: due pending rows, and claims gone stale.
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_created_idx').on(t.clinicId, t.endpointId, t.createdAt.desc(), t.id),
  ],
);

/** `test`: the "send test event" of settings, one attempt of a sample event, never retried. */
const webhookDeliveryTriggers = ['scheduled', 'replay', 'test'] as const;

export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    endpointId: text('endpoint_id').notNull(),
    deliveryId: text('delivery_id').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    isSuccess: boolean('is_success').notNull(),
    trigger: text('trigger').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({
      columns: [t.clinicId, t.deliveryId],
      foreignColumns: [webhookDeliveries.clinicId, webhookDeliveries.id],
    }).onDelete('cascade'),
    check('webhook_delivery_attempts_trigger_check', oneOf(t.trigger, webhookDeliveryTriggers)),
    index('webhook_delivery_attempts_endpoint_idx').on(t.clinicId, t.endpointId, t.attemptedAt.desc(), t.id),
  ],
);
