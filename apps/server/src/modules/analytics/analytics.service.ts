import type { AnalyticsSummaryResponse, PatientsAtRiskResponse } from '@careloop/contracts/analytics';
import { analyticsPeriods } from '@careloop/domain/analytics/analytics-period';
import { analyticsSummary } from '@careloop/domain/analytics/analytics-summary';
import { getPlanFeatures } from '@careloop/domain/plans';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { countPatientsAtRisk, readAnalyticsRows, readUserNames } from './analytics.repository';
import { analyticsWindow } from './analytics-statements.repository';

type Deps = Pick<AppDeps, 'db'>;
type Caller = Pick<ClinicContext, 'clinicId' | 'role'> & {
  clinic: { timeZone: string; subscriptionTier: string };
};

/**
 * The analytics of a period and the one before it, in the clinic's time zone. Plans without
 * advanced analytics get the first KPI row only; staff see no per-staff breakdown.
 */
export async function getAnalyticsSummary(
  deps: Deps,
  ctx: Caller,
  range: { from: string; to: string },
  now = new Date(),
): Promise<AnalyticsSummaryResponse> {
  const timeZone = ctx.clinic.timeZone;
  const periods = analyticsPeriods(range.from, range.to, timeZone);
  const hasAdvancedAnalytics = getPlanFeatures(ctx.clinic.subscriptionTier).hasAdvancedAnalytics;
  const window = analyticsWindow(ctx.clinicId, periods, timeZone, now);
  const rows = await readAnalyticsRows(deps.db, window, hasAdvancedAnalytics);
  const summary = analyticsSummary({
    ...rows,
    periods,
    timeZone,
    hasAdvancedAnalytics,
    canSeeStaff: ctx.role === 'owner' || ctx.role === 'admin',
  });
  if (!summary.breakdowns?.perStaff)
    return { ...summary, breakdowns: summary.breakdowns && { ...summary.breakdowns, perStaff: null } };
  const ids = summary.breakdowns.perStaff.flatMap((row) => (row.userId ? [row.userId] : []));
  const names = await readUserNames(deps.db, ids);
  return {
    ...summary,
    breakdowns: {
      ...summary.breakdowns,
      perStaff: summary.breakdowns.perStaff.map((row) => ({
        ...row,
        name: row.userId ? (names.get(row.userId) ?? null) : null,
      })),
    },
  };
}

export async function getPatientsAtRisk(deps: Deps, clinicId: string): Promise<PatientsAtRiskResponse> {
  const counts = await countPatientsAtRisk(deps.db, clinicId);
  return { ...counts, total: counts.high + counts.medium };
}
