import type { V1Analytics } from '@careloop/contracts/api-v1';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { getDashboardSummary } from '../dashboard/dashboard.service';
import { readResponseRate } from './response-rate.repository';
import { toV1Analytics } from './v1-shapes';

/** The dashboard's KPIs and weekly trends, with the patients' response rate the /api page shows. */
export async function getV1Analytics(deps: Pick<AppDeps, 'db'>, ctx: ClinicContext): Promise<V1Analytics> {
  const [summary, responseRate] = await Promise.all([
    getDashboardSummary(deps, ctx),
    readResponseRate(deps.db, ctx.clinicId),
  ]);
  return toV1Analytics(summary, responseRate);
}
