import { providerErrorCodes } from '@careloop/domain/provider-errors';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from './check';

// Reporting tables accept rows from signed-out pages too, so clinic_id and user_id may be null.
const riskLevels = ['low', 'medium', 'high', 'critical'] as const;

export const errorLogs = pgTable(
  'error_logs',
  {
    id: text('id').primaryKey(),
    clinicId: text('clinic_id'),
    userId: text('user_id'),
    errorType: text('error_type').notNull(),
    errorMessage: text('error_message'),
    errorStack: text('error_stack'),
    componentStack: text('component_stack'),
    errorId: text('error_id'),
    url: text('url'),
    userAgent: text('user_agent'),
    additionalContext: jsonb('additional_context'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('error_logs_created_idx').on(t.createdAt.desc()),
    index('error_logs_clinic_idx').on(t.clinicId),
    // System Monitoring reads one clinic's last 24 hours.
    index('error_logs_clinic_created_idx').on(t.clinicId, t.createdAt.desc()),
  ],
);

export const performanceMetrics = pgTable(
  'performance_metrics',
  {
    id: text('id').primaryKey(),
    clinicId: text('clinic_id'),
    userId: text('user_id'),
    metric: text('metric').notNull(),
    value: doublePrecision('value').notNull(),
    url: text('url'),
    context: jsonb('context'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('performance_metrics_created_idx').on(t.createdAt.desc()),
    // System Monitoring reads one clinic's page loads of the last hour.
    index('performance_metrics_clinic_metric_idx').on(t.clinicId, t.metric, t.createdAt.desc()),
  ],
);

// The server's audit trail of work done (exports, imports, case resolutions, settings): written only
// by the server, append-only (a trigger refuses UPDATE and DELETE; migration 0009).
export const userActions = pgTable(
  'user_actions',
  {
    id: text('id').primaryKey(),
    clinicId: text('clinic_id'),
    userId: text('user_id'),
    action: text('action').notNull(),
    url: text('url'),
    context: jsonb('context'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_actions_created_idx').on(t.createdAt.desc()),
    index('user_actions_clinic_idx').on(t.clinicId),
    // The audit log viewer's order, (created_at desc, id) per clinic (ADR 004: NULLS FIRST like ORDER BY ... DESC).
    index('user_actions_clinic_created_idx').on(t.clinicId, t.createdAt.desc().nullsFirst(), t.id),
  ],
);

// What the web client reports a user did (`POST /api/log-user-action`): not audit, removed with the
// other client reports after the retention period.
export const clientActions = pgTable(
  'client_actions',
  {
    id: text('id').primaryKey(),
    clinicId: text('clinic_id'),
    userId: text('user_id'),
    action: text('action').notNull(),
    url: text('url'),
    context: jsonb('context'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_actions_created_idx').on(t.createdAt.desc()),
    index('client_actions_clinic_created_idx').on(t.clinicId, t.createdAt.desc()),
  ],
);

export const credentialHealth = pgTable(
  'credential_health',
  {
    id: text('id').primaryKey(),
    clinicId: text('clinic_id').notNull(),
    credentialType: text('credential_type').notNull(),
    status: text('status').notNull(),
    /** The provider's own words, for operators; staff read `error_code` in their language. */
    detail: text('detail'),
    /** Why an unhealthy check failed (domain provider-errors.ts); null for older checks. */
    errorCode: text('error_code'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credential_health_status_check', oneOf(t.status, ['healthy', 'unhealthy', 'unknown'])),
    check(
      'credential_health_error_code_check',
      sql`${t.errorCode} is null or ${oneOf(t.errorCode, providerErrorCodes)}`,
    ),
    // The latest check of each credential: distinct on (credential_type) ... checked_at desc.
    index('credential_health_clinic_idx').on(t.clinicId, t.credentialType, t.checkedAt.desc()),
  ],
);

// The server's security audit trail (sign-ins, team and secret changes, patient record views):
// written only by the server, append-only (a trigger refuses UPDATE and DELETE; migration 0009).
export const securityAuditLog = pgTable(
  'security_audit_log',
  {
    id: text('id').primaryKey(),
    clinicId: text('clinic_id'),
    userId: text('user_id'),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    riskLevel: text('risk_level').notNull(),
    ipAddress: text('ip_address'),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('security_audit_risk_check', oneOf(t.riskLevel, riskLevels)),
    index('security_audit_created_idx').on(t.createdAt.desc()),
    index('security_audit_clinic_idx').on(t.clinicId, t.createdAt.desc().nullsFirst(), t.id),
    index('security_audit_risk_idx')
      .on(t.riskLevel, t.createdAt.desc())
      .where(sql`${t.riskLevel} = 'critical'`),
  ],
);
