import type { UpdateClinicSecurityBody } from '@careloop/contracts/settings';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { recordSecurityEvent } from '../audit/audit.service';
import { updateClinicProfile } from './settings.repository';
import { getSettings } from './settings.service';

type Caller = Pick<ClinicContext, 'clinicId' | 'userId' | 'user' | 'clinic'>;

/**
 * The clinic's automatic logoff. Takes effect on every member's next request: the request context
 * reads the clinic's idle time with the session, in the same statement.
 */
export async function saveClinicSecurity(
  deps: Pick<AppDeps, 'db' | 'secretBox' | 'config'>,
  ctx: Caller,
  body: UpdateClinicSecurityBody,
) {
  await updateClinicProfile(deps.db, ctx.clinicId, { idleTimeoutMinutes: body.idleTimeoutMinutes });
  await recordSecurityEvent(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'idle_sign_out_changed',
    resourceType: 'clinic',
    resourceId: ctx.clinicId,
    riskLevel: 'medium',
    detail: { idleTimeoutMinutes: body.idleTimeoutMinutes },
  });
  return getSettings(deps, ctx);
}
