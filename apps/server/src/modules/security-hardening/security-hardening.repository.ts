import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';

export type SecurityFactsRow = {
  members: number;
  members_with_two_factor: number;
  managers: number;
  managers_with_two_factor: number;
  credentials_checked: number;
  credentials_unhealthy: number;
  unhealthy_types: string[];
  critical_events_24h: number;
  idle_timeout_minutes: number;
};

/**
 * What the clinic-scoped checks read, for one clinic in one round trip: two-factor among its
 * members, the latest result of each credential check, critical security events in the last 24
 * hours, and its automatic sign-out.
 */
export async function readSecurityFacts(
  db: Database,
  clinicId: string,
  now: Date,
): Promise<SecurityFactsRow> {
  const at = now.toISOString();
  const rows = await executeRows<SecurityFactsRow>(
    db,
    sql`
    with members as (
      select cu.role, coalesce(u.two_factor_enabled, false) as has_two_factor
      from clinic_users cu join users u on u.id = cu.user_id
      where cu.clinic_id = ${clinicId}
    ),
    -- 'unknown': saved again and not yet tried (Settings badges); neither checked nor unhealthy.
    latest_credentials as (
      select distinct on (credential_type) credential_type, status
      from credential_health where clinic_id = ${clinicId}
      order by credential_type, checked_at desc
    )
    select
      (select count(*)::int from members) as members,
      (select count(*)::int from members where has_two_factor) as members_with_two_factor,
      (select count(*)::int from members where role in ('owner', 'admin')) as managers,
      (select count(*)::int from members where role in ('owner', 'admin') and has_two_factor) as managers_with_two_factor,
      (select count(*)::int from latest_credentials where status <> 'unknown') as credentials_checked,
      (select count(*)::int from latest_credentials where status = 'unhealthy') as credentials_unhealthy,
      (select coalesce(json_agg(credential_type order by credential_type), '[]'::json)
         from latest_credentials where status = 'unhealthy') as unhealthy_types,
      (select count(*)::int from security_audit_log
         where clinic_id = ${clinicId} and risk_level = 'critical'
           and created_at >= ${at}::timestamptz - interval '24 hours') as critical_events_24h,
      (select idle_timeout_minutes from clinics where id = ${clinicId}) as idle_timeout_minutes
  `,
  );
  return rows[0]!;
}
