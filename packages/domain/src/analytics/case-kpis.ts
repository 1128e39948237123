import type { CaseSeverity } from '../case-rules';
import { type AnalyticsPeriod, isWithin } from './analytics-period';
import { hoursBetween, median, type Rate, rateOf } from './kpi-math';

export type CaseRow = {
  severity: CaseSeverity;
  createdAt: Date;
  /** When it was finished (resolved or closed); null while open. */
  resolvedAt: Date | null;
  dueAt: Date | null;
  ownerUserId: string | null;
  procedure: string | null;
};

export type CaseKpis = {
  medianHoursToResolve: number | null;
  slaMetRate: Rate;
  openBySeverity: Record<CaseSeverity, number>;
  opened: number;
  resolved: number;
};

/** A case resolved by its due time met the clinic's SLA; one without a due time is not counted. */
export function slaMetRate(resolved: readonly CaseRow[]): Rate {
  const due = resolved.filter((kase) => kase.dueAt !== null && kase.resolvedAt !== null);
  return rateOf(
    due.filter((kase) => (kase.resolvedAt?.getTime() ?? 0) <= (kase.dueAt?.getTime() ?? 0)).length,
    due.length,
  );
}

export function medianHoursToResolve(resolved: readonly CaseRow[]): number | null {
  return median(
    resolved.flatMap((kase) => (kase.resolvedAt ? [hoursBetween(kase.createdAt, kase.resolvedAt)] : [])),
  );
}

/** Open at the period's end: opened before it and not finished by then (a later resolution does not count). */
function openAtEnd(kase: CaseRow, period: AnalyticsPeriod): boolean {
  if (kase.createdAt.getTime() >= period.endMs) return false;
  return kase.resolvedAt === null || kase.resolvedAt.getTime() >= period.endMs;
}

/** Cases resolved in the period (speed, SLA), opened in it, and open at its end by severity. */
export function caseKpis(cases: readonly CaseRow[], period: AnalyticsPeriod): CaseKpis {
  const resolved = cases.filter((kase) => isWithin(period, kase.resolvedAt));
  const openBySeverity: Record<CaseSeverity, number> = { high: 0, medium: 0, low: 0 };
  for (const kase of cases) if (openAtEnd(kase, period)) openBySeverity[kase.severity] += 1;
  return {
    medianHoursToResolve: medianHoursToResolve(resolved),
    slaMetRate: slaMetRate(resolved),
    openBySeverity,
    opened: cases.filter((kase) => isWithin(period, kase.createdAt)).length,
    resolved: resolved.length,
  };
}
