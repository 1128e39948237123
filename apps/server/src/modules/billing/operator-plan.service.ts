import type { OperatorPlanBody, OperatorPlanResponse } from '@careloop/contracts/billing';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { setClinicTier } from './billing.repository';

/**
 * Enterprise is arranged with sales (a contract, not Checkout): an operator of the service sets the
 * clinic's plan once it is signed. The same column every plan gate reads; audited in the clinic's
 * trail with the operator as the actor.
 */
export async function setPlanByOperator(
  deps: Pick<AppDeps, 'db'>,
  operator: ClinicContext,
  clinicId: string,
  body: OperatorPlanBody,
): Promise<OperatorPlanResponse> {
  // The plan and its audit entry commit together.
  const previous = await deps.db.transaction(async (tx) => {
    const before = await setClinicTier(tx, clinicId, body.plan);
    if (before !== null && before !== body.plan) {
      await recordUserAction(tx, {
        clinicId,
        userId: operator.userId,
        action: 'plan_changed',
        context: { from: before, to: body.plan, by: 'operator' },
      });
    }
    return before;
  });
  if (previous === null) throw notFound('Clinic');
  return { clinicId, plan: body.plan };
}
