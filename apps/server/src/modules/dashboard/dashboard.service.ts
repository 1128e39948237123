import { type DashboardSummary, dashboardWeeks } from '@careloop/contracts/dashboard';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { readDashboardSummary } from './dashboard.repository';

/** The secret that says the clinic has connected Trustpilot (spec 1 §7 save-secret names). */
export const reviewSourceSecretName = (clinicId: string) => `TRUSTPILOT_API_KEY_${clinicId}`;

export async function getDashboardSummary(
  deps: Pick<AppDeps, 'db'>,
  ctx: ClinicContext,
): Promise<DashboardSummary> {
  const row = await readDashboardSummary(deps.db, ctx.clinicId, {
    weeks: dashboardWeeks,
    reviewSourceSecretName: reviewSourceSecretName(ctx.clinicId),
  });
  return {
    patients: { total: row.patients_total, active: row.patients_active },
    reviews: { total: row.reviews_total, averageRating: row.reviews_average },
    cases: { open: row.cases_open, highPriority: row.cases_high_priority },
    alerts: { active: row.alerts_active, highRisk: row.alerts_high_risk },
    system: { reviewSourceConfigured: row.review_source_configured },
    weekly: { reviews: row.weekly_reviews, cases: row.weekly_cases },
  };
}
