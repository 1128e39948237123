import type { CaseSeverity } from '../case-rules';
import { type AnalyticsPeriod, isDayWithin } from './analytics-period';
import { type Rate, rateOf, roundedHours } from './kpi-math';

// A case is finished when resolved (or closed without a resolution: its last change). The database
// counts cases per local day they were opened or finished, owner and procedure, and takes what
// cannot be summed per day (the median, the open ones at a period's end) per period; the rules are
// stated here, where they are put together.

/**
 * Cases opened on one local day, or finished on it; of the finished ones, how many had a due time
 * (the clinic's SLA) and how many were finished by it (finished at or before the due time: met).
 * A case without a due time is left out of the SLA share.
 */
export type CaseDayRow = {
  kind: 'opened' | 'finished';
  day: string;
  ownerUserId: string | null;
  procedure: string | null;
  count: number;
  withDueTime: number;
  metSla: number;
};

/**
 * What one period's cases are beside their daily counts: the median hours from opening to finish of
 * the cases finished in it (`percentile_cont(0.5)`, per owner too), and the cases open at its end by
 * severity (opened before the end, not finished by then: a later resolution does not count).
 */
export type CasePeriodFacts = {
  hoursToResolve: number | null;
  hoursToResolvePerOwner: readonly { ownerUserId: string | null; hours: number | null }[];
  openAtEndBySeverity: Readonly<Record<CaseSeverity, number>>;
};

export type CaseKpis = {
  medianHoursToResolve: number | null;
  slaMetRate: Rate;
  openBySeverity: Record<CaseSeverity, number>;
  opened: number;
  resolved: number;
};

type Period = Pick<AnalyticsPeriod, 'from' | 'to'>;

/** Cases opened and finished in the period, and the share of the finished ones that met their due time. */
export function caseCounts(rows: readonly CaseDayRow[], period: Period) {
  let opened = 0;
  let resolved = 0;
  let withDueTime = 0;
  let metSla = 0;
  for (const row of rows) {
    if (!isDayWithin(period, row.day)) continue;
    if (row.kind === 'opened') opened += row.count;
    else {
      resolved += row.count;
      withDueTime += row.withDueTime;
      metSla += row.metSla;
    }
  }
  return { opened, resolved, slaMetRate: rateOf(metSla, withDueTime) };
}

/** Cases resolved in the period (speed, SLA), opened in it, and open at its end by severity. */
export function caseKpis(rows: readonly CaseDayRow[], facts: CasePeriodFacts, period: Period): CaseKpis {
  const { opened, resolved, slaMetRate } = caseCounts(rows, period);
  return {
    medianHoursToResolve: roundedHours(facts.hoursToResolve),
    slaMetRate,
    openBySeverity: { ...facts.openAtEndBySeverity },
    opened,
    resolved,
  };
}
