import type { SecurityCheck, SecurityScan } from '@careloop/contracts/security-hardening';
import {
  autoFixNotImplementedMessage,
  isAutoFixable,
  type SecurityCheckId,
  securityCheckIds,
  securityScore,
} from '@careloop/domain/security-checks';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import type { SecurityHeadersControl } from '../../plugins/security-headers';
import { recordUserAction } from '../audit/audit.service';
import { type HeaderProbe, runSecurityChecks } from './security-checks.service';

type Deps = Pick<AppDeps, 'db' | 'config' | 'secretBox'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'userId'>;
/** The running server, as the checks see it: its answers to itself, and its header policy. */
export type ServerUnderCheck = { probe: HeaderProbe; headers: SecurityHeadersControl };

const scanOf = (checks: SecurityCheck[], now: Date): SecurityScan => {
  const passing = checks.filter((check) => check.status === 'pass').length;
  return {
    checkedAt: now.toISOString(),
    score: securityScore(checks.map((check) => check.status)),
    passing,
    total: checks.length,
    checks,
  };
};

/** The eight checks as they stand now (opening the page; not logged). */
export async function getSecurityScan(deps: Deps, server: ServerUnderCheck, ctx: Caller, now = new Date()) {
  return scanOf(await runSecurityChecks(deps, ctx.clinicId, server.probe, securityCheckIds, now), now);
}

/** Full scan: every check, logged `security_full_scan_initiated` with the score it found. */
export async function runFullScan(deps: Deps, server: ServerUnderCheck, ctx: Caller, now = new Date()) {
  const scan = await getSecurityScan(deps, server, ctx, now);
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'security_full_scan_initiated',
    url: '/security-hardening',
    context: { score: scan.score, failing: scan.checks.filter((c) => c.status !== 'pass').map((c) => c.id) },
  });
  return scan;
}

/** One check, logged `security_check_initiated` with its result. */
export async function runOneCheck(
  deps: Deps,
  server: ServerUnderCheck,
  ctx: Caller,
  checkId: SecurityCheckId,
  now = new Date(),
) {
  const [check] = await runSecurityChecks(deps, ctx.clinicId, server.probe, [checkId], now);
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'security_check_initiated',
    url: '/security-hardening',
    context: { checkId, status: check!.status },
  });
  return check!;
}

/**
 * Auto-fix (spec 2 §8): only secure_headers has one; it switches on the header repair pass (every
 * answer of this process carries every policy header) and checks again. Others are a 400 with the
 * spec's message and log nothing. Logged `security_auto_fix_attempted`, then `..._completed` with
 * the status the check found afterwards.
 */
export async function autoFixCheck(
  deps: Deps,
  server: ServerUnderCheck,
  ctx: Caller,
  checkId: SecurityCheckId,
  now = new Date(),
) {
  if (!isAutoFixable(checkId)) throw badRequest(autoFixNotImplementedMessage, { checkId });
  const audit = { clinicId: ctx.clinicId, userId: ctx.userId, url: '/security-hardening' };
  const wasRepairing = server.headers.isRepairing();
  await recordUserAction(deps.db, {
    ...audit,
    action: 'security_auto_fix_attempted',
    context: { checkId },
  });
  server.headers.startRepairing();
  const [check] = await runSecurityChecks(deps, ctx.clinicId, server.probe, [checkId], now);
  await recordUserAction(deps.db, {
    ...audit,
    action: 'security_auto_fix_completed',
    context: { checkId, status: check!.status, repairWasOn: wasRepairing },
  });
  return check!;
}
