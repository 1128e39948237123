import type { V1Analytics, V1AnalyticsQuery } from '@careloop/contracts/api-v1';
import { lastDays } from '@careloop/domain/analytics/analytics-period';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { getAnalyticsSummary } from '../analytics/analytics.service';
import { getDashboardSummary } from '../dashboard/dashboard.service';
import { readResponseRate } from './response-rate.repository';
import { toV1Analytics } from './v1-shapes';

/** Without a range, the period KPIs cover the last 30 days up to today. */
const defaultDays = 30;

/**
 * The dashboard's KPIs and weekly trends, with the patients' response rate the /api page shows,
 * and the analytics page's KPIs of a period.
 */
export async function getV1Analytics(
  deps: Pick<AppDeps, 'db'>,
  ctx: ClinicContext,
  query: V1AnalyticsQuery = {},
  now = new Date(),
): Promise<V1Analytics> {
  const range =
    query.from && query.to
      ? { from: query.from, to: query.to }
      : lastDays(now, defaultDays, ctx.clinic.timeZone);
  const [summary, responseRate, analytics] = await Promise.all([
    getDashboardSummary(deps, ctx),
    readResponseRate(deps.db, ctx.clinicId),
    getAnalyticsSummary(deps, ctx, range, now),
  ]);
  return toV1Analytics(summary, responseRate, analytics);
}
