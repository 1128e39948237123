import type { AuditResourceType, SecurityAuditAction, WorkAuditAction } from '@careloop/contracts/audit';
import type { Database } from '../../db/client';
import { securityAuditLog, userActions } from '../../db/schema';
import { newId } from '../../lib/ids';

export type SecurityAuditEntry = {
  clinicId?: string | null;
  userId?: string | null;
  action: SecurityAuditAction;
  resourceType: AuditResourceType;
  resourceId?: string | null;
  riskLevel: 'low' | 'medium' | 'high' | 'critical';
  ipAddress?: string | null;
  detail?: Record<string, unknown> | null;
};

export async function insertSecurityAudit(db: Database, entry: SecurityAuditEntry) {
  await db.insert(securityAuditLog).values({ id: newId('aud'), ...entry });
}

export type UserActionEntry = {
  clinicId?: string | null;
  userId?: string | null;
  action: WorkAuditAction;
  url?: string | null;
  context?: Record<string, unknown> | null;
};

export async function insertUserAction(db: Database, entry: UserActionEntry) {
  await db.insert(userActions).values({ id: newId('act'), ...entry });
}
