import type { Database } from '../../db/client';
import type { AuditSink } from '../../plugins/auth/create-auth';
import { getClinicIdByEmail, getMembership } from '../clinics/clinics.service';
import {
  insertSecurityAudit,
  insertUserAction,
  type SecurityAuditEntry,
  type UserActionEntry,
} from './audit.repository';

export function recordSecurityEvent(db: Database, entry: SecurityAuditEntry) {
  return insertSecurityAudit(db, entry);
}

export function recordUserAction(db: Database, entry: UserActionEntry) {
  return insertUserAction(db, entry);
}

/** Who opened which patient record, which view of it, and from which address (HIPAA access log). */
export function recordPatientView(
  db: Database,
  who: { clinicId: string; userId: string; ipAddress: string | null },
  patientId: string,
  view: 'patient_viewed' | 'patient_timeline_viewed',
) {
  return insertSecurityAudit(db, {
    clinicId: who.clinicId,
    userId: who.userId,
    action: view,
    resourceType: 'patient',
    resourceId: patientId,
    riskLevel: 'low',
    ipAddress: who.ipAddress,
  });
}

/**
 * The sink better-auth's sign-in hook writes to (spec 1 §7 security-monitor: medium on failure, low on
 * success; a lockout is critical, what Monitoring's critical security events and the security check count).
 */
export function createSignInAuditSink(db: Database): AuditSink {
  return async (entry) => {
    // A refused sign-in or a lockout names the account by its e-mail (no one is signed in): it is
    // the clinic of that account's to see, on its Monitoring and security checks.
    const clinicId = entry.userId
      ? ((await getMembership(db, entry.userId))?.clinicId ?? null)
      : entry.action === 'successful_login'
        ? null
        : await getClinicIdByEmail(db, entry.resourceId);
    await insertSecurityAudit(db, {
      clinicId,
      userId: entry.userId,
      action: entry.action,
      resourceType: 'authentication',
      resourceId: entry.resourceId,
      riskLevel: entry.riskLevel,
      ipAddress: entry.ipAddress,
      detail: entry.reason ? { reason: entry.reason } : null,
    });
  };
}
