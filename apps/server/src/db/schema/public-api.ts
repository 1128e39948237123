import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { oneOf } from './check';
import { clinics } from './clinics';
import { patients } from './patients';

// The public API (/api/v1): OAuth 2.0 clients of a clinic, the short-lived bearer tokens
// issued to them (client-credentials grant), the audit of every call, stored answers of POSTs made with
// an Idempotency-Key, and the follow-up campaigns the API starts. Secrets and tokens are stored as
// SHA-256 digests only: both are 256-bit random values, so a slow hash would add nothing.

export const apiClients = pgTable(
  'api_clients',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    /** The public half of the credentials (`client_id`), unique across clinics: the token endpoint has no clinic. */
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** After a rotation, the replaced secret's digest, accepted by the token endpoint until then. */
    previousSecretHash: text('previous_secret_hash'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    scopes: text('scopes').array().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({ columns: [t.clinicId], foreignColumns: [clinics.id] }).onDelete('cascade'),
    uniqueIndex('api_clients_client_id_idx').on(t.clientId),
    index('api_clients_clinic_created_idx').on(t.clinicId, t.createdAt.desc()),
  ],
);

export const apiAccessTokens = pgTable(
  'api_access_tokens',
  {
    /** SHA-256 of the bearer token, hex. */
    tokenHash: text('token_hash').primaryKey(),
    clinicId: text('clinic_id').notNull(),
    apiClientId: text('api_client_id').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.clinicId, t.apiClientId],
      foreignColumns: [apiClients.clinicId, apiClients.id],
    }).onDelete('cascade'),
    index('api_access_tokens_expires_idx').on(t.expiresAt),
    index('api_access_tokens_client_idx').on(t.clinicId, t.apiClientId),
  ],
);

/**
 * Every call to /api/v1 that named a valid client, with its answer's status: append-only (the
 * trigger of migration 0009), and like security_audit_log kept when the clinic goes (no cascade).
 */
export const apiCallLog = pgTable(
  'api_call_log',
  {
    id: text('id').primaryKey(),
    clinicId: text('clinic_id').notNull(),
    apiClientId: text('api_client_id').notNull(),
    method: text('method').notNull(),
    /** The route's pattern (`/api/v1/patients/:id`), never its values. */
    route: text('route').notNull(),
    statusCode: integer('status_code').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_call_log_client_created_idx').on(t.clinicId, t.apiClientId, t.createdAt.desc())],
);

/** A POST's answer under its Idempotency-Key for 24 hours; status null while the first request runs. */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    clinicId: text('clinic_id').notNull(),
    apiClientId: text('api_client_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, route and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.apiClientId, t.key] }),
    foreignKey({
      columns: [t.clinicId, t.apiClientId],
      foreignColumns: [apiClients.clinicId, apiClients.id],
    }).onDelete('cascade'),
    index('api_idempotency_keys_created_idx').on(t.createdAt),
  ],
);

const followUpCampaignStatuses = ['scheduled', 'blocked'] as const;

/** A follow-up sequence started for a patient through the API (`POST /api/v1/followups`). */
export const followUpCampaigns = pgTable(
  'followup_campaigns',
  {
    clinicId: text('clinic_id').notNull(),
    id: text('id').notNull(),
    patientId: text('patient_id').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    channel: text('channel'),
    apiClientId: text('api_client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.id] }),
    foreignKey({
      columns: [t.clinicId, t.patientId],
      foreignColumns: [patients.clinicId, patients.id],
    }).onDelete('cascade'),
    check('followup_campaigns_status_check', oneOf(t.status, followUpCampaignStatuses)),
    index('followup_campaigns_patient_idx').on(t.clinicId, t.patientId),
  ],
);
