import { securityAuditActions, workAuditActions } from '@careloop/contracts/audit';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import type { KeysetCursor } from '../../db/keyset-cursor';
import { clinicUsers, users } from '../../db/schema';

export type AuditRowFilter = {
  clinicId: string;
  action?: string;
  userId?: string;
  /** Rows at or after this instant. */
  fromAt?: Date;
  /** Rows before this instant. */
  beforeAt?: Date;
  cursor: KeysetCursor | null;
  limit: number;
};

export type AuditRow = {
  trail: 'security' | 'work';
  id: string;
  cursor_ts: string;
  action: string;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  resource_type: string | null;
  resource_id: string | null;
  risk_level: string | null;
  ip_address: string | null;
  detail: Record<string, unknown> | null;
};

/** The conditions one audit table's rows must meet, with that table's alias. */
function conditions(alias: 'a' | 'u', f: AuditRowFilter): SQL {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [sql`${col('clinic_id')} = ${f.clinicId}`];
  if (f.action) parts.push(sql`${col('action')} = ${f.action}`);
  if (f.userId) parts.push(sql`${col('user_id')} = ${f.userId}`);
  if (f.fromAt) parts.push(sql`${col('created_at')} >= ${f.fromAt.toISOString()}::timestamptz`);
  if (f.beforeAt) parts.push(sql`${col('created_at')} < ${f.beforeAt.toISOString()}::timestamptz`);
  if (f.cursor) {
    const at = sql`${f.cursor.t}::timestamptz`;
    parts.push(
      sql`(${col('created_at')} < ${at} or (${col('created_at')} = ${at} and ${col('id')} > ${f.cursor.id}))`,
    );
  }
  return sql.join(parts, sql` and `);
}

const cursorText = (alias: 'a' | 'u') =>
  sql.raw(`to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/**
 * Both audit trails of one clinic, newest first ((created_at desc, id) keyset): each side reads
 * its `(clinic_id, created_at desc, id)` index for at most `limit` rows, then the two are merged.
 */
export function listAuditRows(db: Database, f: AuditRowFilter): Promise<AuditRow[]> {
  // An action belongs to one trail (packages/contracts/src/audit.ts): a filter by it reads that trail only.
  const reads = (trail: readonly string[]) => !f.action || trail.includes(f.action);
  const branches: SQL[] = [];
  if (reads(securityAuditActions)) {
    branches.push(sql`(select 'security' as trail, a.id, a.created_at, ${cursorText('a')} as cursor_ts, a.action,
              a.user_id, a.resource_type, a.resource_id, a.risk_level, a.ip_address, a.detail
         from security_audit_log a where ${conditions('a', f)}
         order by a.created_at desc, a.id limit ${f.limit})`);
  }
  if (reads(workAuditActions)) {
    branches.push(sql`(select 'work' as trail, u.id, u.created_at, ${cursorText('u')} as cursor_ts, u.action,
              u.user_id, null as resource_type, null as resource_id, null as risk_level, null as ip_address,
              u.context as detail
         from user_actions u where ${conditions('u', f)}
         order by u.created_at desc, u.id limit ${f.limit})`);
  }
  if (branches.length === 0) return Promise.resolve([]);
  return executeRows<AuditRow>(
    db,
    sql`select x.*, us.name as user_name, us.email as user_email from (${sql.join(branches, sql` union all `)}) x
    left join users us on us.id = x.user_id
    order by x.created_at desc, x.id limit ${f.limit}`,
  );
}

/** The clinic's members, for the user filter. */
export function listClinicUsers(db: Database, clinicId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(clinicUsers)
    .innerJoin(users, eq(users.id, clinicUsers.userId))
    .where(eq(clinicUsers.clinicId, clinicId))
    .orderBy(asc(users.name), asc(users.id));
}
