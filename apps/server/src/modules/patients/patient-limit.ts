import { patientLimitBreach, patientLimitMessage, patientLimitOf } from '@careloop/domain/plans';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { lockClinicPatients } from './patients.repository';
import { countPatientRows } from './patients-list.repository';

/**
 * Refuses, inside the caller's transaction, adding `adding` patients past the plan's limit. The
 * clinic's patient lock is taken first, so two requests cannot both take the last place.
 */
export async function holdPatientLimit(
  tx: Database,
  ctx: Pick<ClinicContext, 'clinicId' | 'clinic'>,
  adding: number,
): Promise<void> {
  const tier = ctx.clinic.subscriptionTier;
  if (patientLimitOf(tier) === null || adding === 0) return;
  await lockClinicPatients(tx, ctx.clinicId);
  const breach = patientLimitBreach(tier, await countPatientRows(tx, ctx.clinicId, {}), adding);
  if (breach === null) return;
  const { key, message } = patientLimitMessage(breach);
  throw new AppError(403, 'PLAN_REQUIRED', message, { key, ...breach });
}
