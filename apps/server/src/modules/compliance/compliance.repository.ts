import type { BaaRequestBody } from '@careloop/contracts/compliance';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { baaRequests, users } from '../../db/schema';
import { newId } from '../../lib/ids';

export type AccessFigures = {
  owners: number;
  admins: number;
  staff: number;
  two_factor: number;
  active_sessions: number;
  active_api_clients: number;
  secrets: number;
  patient_views: number;
  failed_sign_ins: number;
  audit_triggers: number;
};

/** The figures of the encryption and access summary, in one statement. */
export async function readAccessFigures(db: Database, clinicId: string, now: Date): Promise<AccessFigures> {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000).toISOString();
  const at = now.toISOString();
  const [row] = await executeRows<AccessFigures>(
    db,
    sql`select
      (select count(*)::int from clinic_users where clinic_id = ${clinicId} and role = 'owner') as owners,
      (select count(*)::int from clinic_users where clinic_id = ${clinicId} and role = 'admin') as admins,
      (select count(*)::int from clinic_users where clinic_id = ${clinicId} and role = 'staff') as staff,
      (select count(*)::int from clinic_users cu join users u on u.id = cu.user_id
         where cu.clinic_id = ${clinicId} and u.two_factor_enabled) as two_factor,
      (select count(*)::int from clinic_users cu join sessions s on s.user_id = cu.user_id
         where cu.clinic_id = ${clinicId} and s.expires_at > ${at}::timestamptz) as active_sessions,
      (select count(*)::int from api_clients where clinic_id = ${clinicId} and revoked_at is null) as active_api_clients,
      (select count(*)::int from secrets where clinic_id = ${clinicId}) as secrets,
      (select count(*)::int from security_audit_log where clinic_id = ${clinicId}
         and action in ('patient_viewed', 'patient_timeline_viewed') and created_at >= ${since}::timestamptz) as patient_views,
      (select count(*)::int from security_audit_log where clinic_id = ${clinicId}
         and action = 'failed_login' and created_at >= ${since}::timestamptz) as failed_sign_ins,
      (select count(*)::int from information_schema.triggers
         where event_object_schema = current_schema()
           and trigger_name in ('security_audit_log_append_only', 'user_actions_append_only')
           and event_manipulation = 'DELETE') as audit_triggers`,
  );
  return row!;
}

export async function insertBaaRequest(
  db: Database,
  values: BaaRequestBody & { clinicId: string; userId: string },
) {
  const [row] = await db
    .insert(baaRequests)
    .values({
      id: newId('baa'),
      clinicId: values.clinicId,
      requestedByUserId: values.userId,
      legalEntityName: values.legalEntityName,
      signatoryName: values.signatoryName,
      signatoryTitle: values.signatoryTitle,
      signatoryEmail: values.signatoryEmail,
      notes: values.notes ?? null,
    })
    .returning();
  return row!;
}

export function listBaaRequests(db: Database, clinicId: string) {
  return db
    .select({
      id: baaRequests.id,
      createdAt: baaRequests.createdAt,
      legalEntityName: baaRequests.legalEntityName,
      signatoryName: baaRequests.signatoryName,
      signatoryTitle: baaRequests.signatoryTitle,
      signatoryEmail: baaRequests.signatoryEmail,
      requestedBy: users.name,
    })
    .from(baaRequests)
    .leftJoin(users, eq(users.id, baaRequests.requestedByUserId))
    .where(and(eq(baaRequests.clinicId, clinicId)))
    .orderBy(desc(baaRequests.createdAt), desc(baaRequests.id))
    .limit(20);
}
