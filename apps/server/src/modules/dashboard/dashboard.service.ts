import { type DashboardSummary, dashboardWeeks } from '@careloop/contracts/dashboard';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { reviewSourceSecretPrefixes } from '../ingestion/ingestion.service';
import { readDashboardSummary } from './dashboard.repository';
import { reviewMonitoringOf } from './review-monitoring';

/** The first secret of each review source: saved means the clinic connected it (spec 1 §7 names). */
const reviewSourceSecretNames = (clinicId: string) => [
  `${reviewSourceSecretPrefixes.trustpilotApiKey}${clinicId}`,
  `${reviewSourceSecretPrefixes.googleRefreshToken}${clinicId}`,
];

export async function getDashboardSummary(
  deps: Pick<AppDeps, 'db'>,
  ctx: ClinicContext,
): Promise<DashboardSummary> {
  const row = await readDashboardSummary(deps.db, ctx.clinicId, {
    weeks: dashboardWeeks,
    reviewSourceSecretNames: reviewSourceSecretNames(ctx.clinicId),
  });
  return {
    patients: { total: row.patients_total, active: row.patients_active },
    reviews: { total: row.reviews_total, averageRating: row.reviews_average },
    cases: { open: row.cases_open, highPriority: row.cases_high_priority },
    alerts: { active: row.alerts_active, highRisk: row.alerts_high_risk },
    system: {
      reviewSourceConfigured: row.review_source_configured,
      reviewMonitoring: reviewMonitoringOf(row.review_source_configured, row.review_syncs),
    },
    weekly: { reviews: row.weekly_reviews, cases: row.weekly_cases },
  };
}
