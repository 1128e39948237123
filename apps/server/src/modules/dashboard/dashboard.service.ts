import { type DailyDigestStatus, type DashboardSummary, dashboardWeeks } from '@careloop/contracts/dashboard';
import { digestSendMinutes, nextDigestAt } from '@careloop/domain/daily-digest';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { reviewSourceSecretPrefixes } from '../ingestion/ingestion.service';
import { type DashboardRow, readDashboardSummary } from './dashboard.repository';
import { reviewMonitoringOf } from './review-monitoring';

/** The first secret of each review source (its name is the prefix and the clinic id, spec 1 §7): saved means the clinic connected it. */
const reviewSourceSecretNamePrefixes = [
  reviewSourceSecretPrefixes.trustpilotApiKey,
  reviewSourceSecretPrefixes.googleRefreshToken,
];

export async function getDashboardSummary(
  deps: Pick<AppDeps, 'db'>,
  ctx: ClinicContext,
): Promise<DashboardSummary> {
  const row = await readDashboardSummary(deps.db, ctx.clinicId, {
    weeks: dashboardWeeks,
    reviewSourceSecretPrefixes: reviewSourceSecretNamePrefixes,
  });
  return {
    patients: { total: row.patients_total, active: row.patients_active },
    reviews: { total: row.reviews_total, averageRating: row.reviews_average },
    cases: { open: row.cases_open, highPriority: row.cases_high_priority },
    alerts: { active: row.alerts_active, highRisk: row.alerts_high_risk },
    system: {
      reviewSourceConfigured: row.review_source_configured,
      reviewMonitoring: reviewMonitoringOf(row.review_source_configured, row.review_syncs),
      dailyDigest: dailyDigestStatusOf(row),
    },
    weekly: { reviews: row.weekly_reviews, cases: row.weekly_cases },
  };
}

const sendTime = `${String(Math.floor(digestSendMinutes / 60)).padStart(2, '0')}:${String(digestSendMinutes % 60).padStart(2, '0')}`;

function dailyDigestStatusOf(
  row: Pick<DashboardRow, 'time_zone' | 'digest_recipients' | 'digest_last_sent_at'>,
): DailyDigestStatus {
  return {
    state: row.digest_recipients > 0 ? 'scheduled' : 'off',
    sendTime,
    timeZone: row.time_zone,
    nextAt: nextDigestAt(Date.now(), row.time_zone).toISOString(),
    recipients: row.digest_recipients,
    lastSentAt: row.digest_last_sent_at === null ? null : new Date(row.digest_last_sent_at).toISOString(),
  };
}
