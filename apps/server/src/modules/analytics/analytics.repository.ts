import type { AnalyticsRows } from '@careloop/domain/analytics/breakdowns';
import type { CaseRow } from '@careloop/domain/analytics/case-kpis';
import type { FollowUpCountRow, OptOutRow } from '@careloop/domain/analytics/follow-up-kpis';
import type { PatientSignal } from '@careloop/domain/analytics/recovery-kpis';
import type { ReviewRow } from '@careloop/domain/analytics/review-kpis';
import type { SurveyRow } from '@careloop/domain/analytics/survey-kpis';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { users } from '../../db/schema';
import { type AnalyticsWindow, analyticsStatements } from './analytics-statements.repository';

// The plain rows the domain's KPIs read, for one clinic and a window of time: only the rows of the
// window (each table by its (clinic_id, time) index), and follow-ups already counted per channel,
// local day and procedure from their kept counts (follow_up_counts) so a million messages become a few
// hundred rows.

type Time = Date | string;
const date = (value: Time) => new Date(value);
const dateOrNull = (value: Time | null) => (value === null ? null : new Date(value));

async function readSurveys(db: Database, w: AnalyticsWindow): Promise<SurveyRow[]> {
  const rows = await executeRows<{
    sent_at: Time | null;
    answered_at: Time | null;
    score: number | null;
    procedure: string | null;
  }>(db, analyticsStatements.surveys(w));
  return rows.map((row) => ({
    sentAt: dateOrNull(row.sent_at),
    answeredAt: dateOrNull(row.answered_at),
    score: row.score,
    procedure: row.procedure,
  }));
}

async function readReviews(db: Database, w: AnalyticsWindow): Promise<ReviewRow[]> {
  const rows = await executeRows<{
    provider: ReviewRow['platform'];
    rating: number;
    review_date: Time;
    public_reply_at: Time | null;
    first_contact_at: Time | null;
    procedure: string | null;
  }>(db, analyticsStatements.reviews(w));
  return rows.map((row) => ({
    platform: row.provider,
    rating: row.rating,
    writtenAt: date(row.review_date),
    repliedAt: dateOrNull(row.public_reply_at),
    firstContactAt: dateOrNull(row.first_contact_at),
    procedure: row.procedure,
  }));
}

/** Cases alive at some time in the window: opened before its end, not finished before its start. */
async function readCases(
  db: Database,
  w: AnalyticsWindow,
): Promise<(CaseRow & { patientId: string | null })[]> {
  const rows = await executeRows<{
    severity: CaseRow['severity'];
    created_at: Time;
    finished_at: Time | null;
    due_at: Time | null;
    owner_user_id: string | null;
    patient_id: string | null;
    procedure: string | null;
  }>(db, analyticsStatements.cases(w));
  return rows.map((row) => ({
    severity: row.severity,
    createdAt: date(row.created_at),
    resolvedAt: dateOrNull(row.finished_at),
    dueAt: dateOrNull(row.due_at),
    ownerUserId: row.owner_user_id,
    patientId: row.patient_id,
    procedure: row.procedure,
  }));
}

/** Follow-ups from their kept counts per quarter hour (a quarter hour lies in one local day of any zone). */
async function readFollowUps(db: Database, w: AnalyticsWindow): Promise<FollowUpCountRow[]> {
  return executeRows<FollowUpCountRow>(db, analyticsStatements.followUps(w));
}

async function readOptOuts(db: Database, w: AnalyticsWindow): Promise<OptOutRow[]> {
  return executeRows<OptOutRow>(db, analyticsStatements.optOuts(w));
}

/** Unhappy signals in the window; happy ones from its start up to now (a recovery may come later). */
async function readSignals(db: Database, w: AnalyticsWindow): Promise<PatientSignal[]> {
  const rows = await executeRows<{
    patient_id: string;
    at: Time;
    kind: PatientSignal['kind'];
    procedure: string | null;
  }>(db, analyticsStatements.signals(w));
  return rows.map((row) => ({
    patientId: row.patient_id,
    at: date(row.at),
    kind: row.kind,
    procedure: row.procedure,
  }));
}

/** Cases of patients resolved from the window's start up to now. */
async function readResolutions(db: Database, w: AnalyticsWindow): Promise<AnalyticsRows['resolutions']> {
  const rows = await executeRows<{ patient_id: string; resolved_at: Time; procedure: string | null }>(
    db,
    analyticsStatements.resolutions(w),
  );
  return rows.map((row) => ({
    patientId: row.patient_id,
    resolvedAt: date(row.resolved_at),
    procedure: row.procedure,
  }));
}

/** Every row the analytics of the window need; the plan gate reads the first row's only. */
export async function readAnalyticsRows(db: Database, w: AnalyticsWindow, advanced: boolean) {
  if (!advanced) {
    return {
      surveys: await readSurveys(db, w),
      reviews: [],
      cases: [],
      followUps: [],
      optOuts: [],
      signals: [],
      resolutions: [],
    };
  }
  const [surveys, reviews, cases, followUps, optOuts, signals, resolutions] = await Promise.all([
    readSurveys(db, w),
    readReviews(db, w),
    readCases(db, w),
    readFollowUps(db, w),
    readOptOuts(db, w),
    readSignals(db, w),
    readResolutions(db, w),
  ]);
  return { surveys, reviews, cases, followUps, optOuts, signals, resolutions };
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
