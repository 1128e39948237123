import type { DashboardSummary, WeeklyCases, WeeklyReviews } from '@careloop/contracts/dashboard';

/** The Attention Required panel shows exactly when a high-priority case or a high-risk alert exists. */
export function shouldShowAttention(summary: Pick<DashboardSummary, 'cases' | 'alerts'>): boolean {
  return summary.cases.highPriority > 0 || summary.alerts.highRisk > 0;
}

const systemStatusKeys = ['reviewMonitoring', 'patientMatching', 'caseAutomation', 'dailyDigest'] as const;
export type SystemStatusKey = (typeof systemStatusKeys)[number];
export type SystemState = 'active' | 'ready' | 'notConfigured' | 'scheduled' | 'off' | 'failing' | 'pending';

/**
 * What the system-status panel claims, from real state only: review monitoring is active only when
 * the latest sync of every connected source succeeded (else failing, or pending before the first
 * sync); the daily digest is scheduled while an owner or admin receives it, else off.
 */
export function systemStatuses(
  summary: Pick<DashboardSummary, 'system'>,
): { key: SystemStatusKey; state: SystemState }[] {
  return [
    { key: 'reviewMonitoring', state: summary.system.reviewMonitoring.state },
    { key: 'patientMatching', state: 'ready' },
    { key: 'caseAutomation', state: 'active' },
    { key: 'dailyDigest', state: summary.system.dailyDigest.state },
  ];
}

/** Totals for the charts' text summaries; the average is weighted by each week's count. */
export function weeklyReviewTotals(weeks: readonly WeeklyReviews[]) {
  let count = 0;
  let weighted = 0;
  for (const week of weeks) {
    count += week.count;
    if (week.averageRating !== null) weighted += week.averageRating * week.count;
  }
  return { count, averageRating: count === 0 ? null : Math.round((weighted / count) * 10) / 10 };
}

export function weeklyCaseTotals(weeks: readonly WeeklyCases[]) {
  return weeks.reduce(
    (totals, week) => ({ opened: totals.opened + week.opened, resolved: totals.resolved + week.resolved }),
    { opened: 0, resolved: 0 },
  );
}

/** "10 Mar" for a week starting on 2025-03-10, in the interface language (the date is a calendar date). */
export function formatWeekLabel(weekStart: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${weekStart}T00:00:00Z`),
  );
}
