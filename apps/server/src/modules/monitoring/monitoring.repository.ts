import type { ProviderErrorCode } from '@careloop/domain/provider-errors';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { credentialHealth } from '../../db/schema';
import { newId } from '../../lib/ids';

export type MonitoringRow = {
  errors_24h: number;
  errors_critical_24h: number;
  error_types: { errorType: string; count: number }[];
  page_loads: { count: number; averageMs: number | null; slowestMs: number | null };
  recent_page_loads: { valueMs: number; url: string | null; at: string }[];
  actions_last_hour: number;
  active_users_last_hour: number;
  top_actions: { action: string; count: number }[];
  credentials: { credentialType: string; status: string; errorCode: string | null; checkedAt: string }[];
  security_critical_24h: number;
  security_events: { action: string; resourceType: string; at: string }[];
};

/**
 * Every System Monitoring figure of one clinic in one round trip (spec 2 §7 monitoring reads):
 * errors in the last 24 hours, page loads and user activity in the last hour, the latest result of
 * each credential check, critical security events in the last 24 hours.
 */
export async function readMonitoringSnapshot(
  db: Database,
  clinicId: string,
  now: Date,
): Promise<MonitoringRow> {
  const at = now.toISOString();
  const rows = await executeRows<MonitoringRow>(
    db,
    sql`
    with errors as (
      select error_type from error_logs
      where clinic_id = ${clinicId} and created_at >= ${at}::timestamptz - interval '24 hours'
    ),
    loads as (
      select value, url, created_at from performance_metrics
      where clinic_id = ${clinicId} and metric = 'page_load_time'
        and created_at >= ${at}::timestamptz - interval '1 hour'
    ),
    actions as (
      select action, user_id from user_actions
      where clinic_id = ${clinicId} and created_at >= ${at}::timestamptz - interval '1 hour'
      union all
      select action, user_id from client_actions
      where clinic_id = ${clinicId} and created_at >= ${at}::timestamptz - interval '1 hour'
    ),
    security as (
      select action, resource_type, created_at from security_audit_log
      where clinic_id = ${clinicId} and risk_level = 'critical'
        and created_at >= ${at}::timestamptz - interval '24 hours'
    )
    select
      (select count(*)::int from errors) as errors_24h,
      (select count(*)::int from errors where error_type = 'critical') as errors_critical_24h,
      (select coalesce(json_agg(json_build_object('errorType', e.error_type, 'count', e.n) order by e.n desc, e.error_type), '[]'::json)
         from (select error_type, count(*)::int as n from errors group by 1 order by 2 desc, 1 limit 5) e) as error_types,
      (select json_build_object('count', count(*)::int, 'averageMs', round(avg(value))::float8, 'slowestMs', max(value)::float8) from loads) as page_loads,
      (select coalesce(json_agg(json_build_object('valueMs', l.value, 'url', l.url, 'at', l.created_at) order by l.created_at desc), '[]'::json)
         from (select * from loads order by created_at desc limit 10) l) as recent_page_loads,
      (select count(*)::int from actions) as actions_last_hour,
      (select count(distinct user_id)::int from actions) as active_users_last_hour,
      (select coalesce(json_agg(json_build_object('action', a.action, 'count', a.n) order by a.n desc, a.action), '[]'::json)
         from (select action, count(*)::int as n from actions group by 1 order by 2 desc, 1 limit 5) a) as top_actions,
      (select coalesce(json_agg(json_build_object('credentialType', c.credential_type, 'status', c.status, 'errorCode', c.error_code, 'checkedAt', c.checked_at) order by c.credential_type), '[]'::json)
         from (select distinct on (credential_type) credential_type, status, error_code, checked_at
               from credential_health where clinic_id = ${clinicId}
               order by credential_type, checked_at desc) c) as credentials,
      (select count(*)::int from security) as security_critical_24h,
      (select coalesce(json_agg(json_build_object('action', s.action, 'resourceType', s.resource_type, 'at', s.created_at) order by s.created_at desc), '[]'::json)
         from (select * from security order by created_at desc limit 10) s) as security_events
  `,
  );
  return rows[0]!;
}

/** Clinics that stored any credential the daily check can try. */
export async function listClinicsWithCredentials(
  db: Database,
  prefixes: readonly string[],
): Promise<string[]> {
  const rows = await executeRows<{ clinic_id: string }>(
    db,
    sql`select distinct clinic_id from secrets
        where ${sql.join(
          prefixes.map((prefix) => sql`name = ${prefix} || clinic_id`),
          sql` or `,
        )}
        order by clinic_id`,
  );
  return rows.map((row) => row.clinic_id);
}

export async function insertCredentialHealth(
  db: Database,
  clinicId: string,
  results: readonly {
    credentialType: string;
    status: 'healthy' | 'unhealthy';
    detail: string | null;
    errorCode: ProviderErrorCode | null;
  }[],
  at: Date,
): Promise<void> {
  if (results.length === 0) return;
  await db
    .insert(credentialHealth)
    .values(results.map((r) => ({ id: newId('crh'), clinicId, ...r, checkedAt: at })));
}
