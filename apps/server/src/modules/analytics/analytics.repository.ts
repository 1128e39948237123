import type { PeriodFacts } from '@careloop/domain/analytics/analytics-summary';
import type { AnalyticsRows } from '@careloop/domain/analytics/breakdowns';
import type { CaseDayRow } from '@careloop/domain/analytics/case-kpis';
import type { FollowUpCountRow, OptOutRow } from '@careloop/domain/analytics/follow-up-kpis';
import type { PatientSignal } from '@careloop/domain/analytics/recovery-kpis';
import type { ReviewDayRow } from '@careloop/domain/analytics/review-kpis';
import type { SurveyScoreRow, SurveySentRow } from '@careloop/domain/analytics/survey-kpis';
import type { CaseSeverity } from '@careloop/domain/case-rules';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { users } from '../../db/schema';
import { type AnalyticsWindow, analyticsStatements } from './analytics-statements.repository';

// The rows the domain's KPIs read, for one clinic and window: counts per local day and per period
// from the database (a year of a large clinic is a few hundred rows), and the signals of the
// patients unhappy in the window, which recovery follows one patient at a time.

type Time = Date | string;
type Period = 'current' | 'previous';

async function readCases(db: Database, w: AnalyticsWindow): Promise<CaseDayRow[]> {
  const rows = await executeRows<{
    kind: CaseDayRow['kind'];
    day: string;
    owner_user_id: string | null;
    procedure: string | null;
    count: number;
    with_due_time: number;
    met_sla: number;
  }>(db, analyticsStatements.cases(w));
  return rows.map((row) => ({
    kind: row.kind,
    day: row.day,
    ownerUserId: row.owner_user_id,
    procedure: row.procedure,
    count: row.count,
    withDueTime: row.with_due_time,
    metSla: row.met_sla,
  }));
}

/** Unhappy patients' signals in the window; their happy ones up to now (a recovery may come later). */
async function readSignals(db: Database, w: AnalyticsWindow): Promise<PatientSignal[]> {
  const rows = await executeRows<{
    patient_id: string;
    at: Time;
    kind: PatientSignal['kind'];
    procedure: string | null;
  }>(db, analyticsStatements.signals(w));
  return rows.map((row) => ({
    patientId: row.patient_id,
    at: new Date(row.at),
    kind: row.kind,
    procedure: row.procedure,
  }));
}

/** Cases of patients resolved from the window's start up to now. */
async function readResolutions(db: Database, w: AnalyticsWindow): Promise<AnalyticsRows['resolutions']> {
  const rows = await executeRows<{ patient_id: string; resolved_at: Time }>(
    db,
    analyticsStatements.resolutions(w),
  );
  return rows.map((row) => ({ patientId: row.patient_id, resolvedAt: new Date(row.resolved_at) }));
}

const emptyFacts = (): PeriodFacts => ({
  reviews: { hoursToFirstReply: null, hoursToFirstContact: null },
  cases: {
    hoursToResolve: null,
    hoursToResolvePerOwner: [],
    openAtEndBySeverity: { high: 0, medium: 0, low: 0 },
  },
});

/** The medians and the open cases of each period. */
async function readPeriodFacts(db: Database, w: AnalyticsWindow): Promise<Record<Period, PeriodFacts>> {
  const [delays, durations, open] = await Promise.all([
    executeRows<{
      period: Period;
      hours_to_first_reply: number | null;
      hours_to_first_contact: number | null;
    }>(db, analyticsStatements.reviewDelays(w)),
    executeRows<{ period: Period; owner_user_id: string | null; every_owner: boolean; hours: number | null }>(
      db,
      analyticsStatements.caseDurations(w),
    ),
    executeRows<{ severity: CaseSeverity } & Record<Period, number>>(db, analyticsStatements.openCases(w)),
  ]);
  const facts = { current: emptyFacts(), previous: emptyFacts() };
  for (const row of delays) {
    facts[row.period].reviews = {
      hoursToFirstReply: row.hours_to_first_reply,
      hoursToFirstContact: row.hours_to_first_contact,
    };
  }
  for (const row of durations) {
    const cases = facts[row.period].cases;
    if (row.every_owner) cases.hoursToResolve = row.hours;
    else
      cases.hoursToResolvePerOwner = [
        ...cases.hoursToResolvePerOwner,
        { ownerUserId: row.owner_user_id, hours: row.hours },
      ];
  }
  for (const row of open) {
    for (const period of ['current', 'previous'] as const) {
      const cases = facts[period].cases;
      facts[period].cases = {
        ...cases,
        openAtEndBySeverity: { ...cases.openAtEndBySeverity, [row.severity]: row[period] },
      };
    }
  }
  return facts;
}

/** Every row the analytics of the window need; the plan gate reads the first row's only. */
export async function readAnalyticsRows(db: Database, w: AnalyticsWindow, advanced: boolean) {
  const [surveysSent, surveyScores] = await Promise.all([
    executeRows<SurveySentRow>(db, analyticsStatements.surveysSent(w)),
    executeRows<SurveyScoreRow>(db, analyticsStatements.surveyScores(w)),
  ]);
  if (!advanced) {
    return {
      surveysSent,
      surveyScores,
      reviews: [],
      cases: [],
      followUps: [],
      optOuts: [],
      signals: [],
      resolutions: [],
      facts: { current: emptyFacts(), previous: emptyFacts() },
    };
  }
  const [reviews, cases, followUps, optOuts, signals, resolutions, facts] = await Promise.all([
    executeRows<ReviewDayRow>(db, analyticsStatements.reviews(w)),
    readCases(db, w),
    executeRows<FollowUpCountRow>(db, analyticsStatements.followUps(w)),
    executeRows<OptOutRow>(db, analyticsStatements.optOuts(w)),
    readSignals(db, w),
    readResolutions(db, w),
    readPeriodFacts(db, w),
  ]);
  return { surveysSent, surveyScores, reviews, cases, followUps, optOuts, signals, resolutions, facts };
}

/** Names of the case owners (ids read from this clinic's own cases). */
export async function readUserNames(db: Database, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The dashboard card: the clinic's patients at medium and high risk (the risk index). */
export async function countPatientsAtRisk(db: Database, clinicId: string) {
  const rows = await executeRows<{ high: number; medium: number }>(
    db,
    sql`
      select (count(*) filter (where risk_rank = 2))::int as high,
             (count(*) filter (where risk_rank = 1))::int as medium
      from patients where clinic_id = ${clinicId} and risk_rank > 0`,
  );
  return rows[0] ?? { high: 0, medium: 0 };
}
