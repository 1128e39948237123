import { canUseCompliance, complianceMessages } from '@careloop/domain/compliance';
import { AppError } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';

/** 403 PLAN_REQUIRED unless the clinic is on Enterprise; checked before anything is read or written. */
export function requireEnterprise(ctx: ClinicContext) {
  if (!canUseCompliance(ctx.clinic.subscriptionTier)) {
    throw new AppError(403, 'PLAN_REQUIRED', complianceMessages.enterpriseRequired.message);
  }
}
