import type { AnalyticsRows } from '@careloop/domain/analytics/breakdowns';
import type { CaseRow } from '@careloop/domain/analytics/case-kpis';
import type { FollowUpCountRow, OptOutRow } from '@careloop/domain/analytics/follow-up-kpis';
import type { PatientSignal } from '@careloop/domain/analytics/recovery-kpis';
import type { ReviewRow } from '@careloop/domain/analytics/review-kpis';
import type { SurveyRow } from '@careloop/domain/analytics/survey-kpis';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { followUpCounts, users } from '../../db/schema';

// The plain rows the domain's KPIs read, for one clinic and a window of time: only the rows of the
// window (each table by its (clinic_id, time) index), and follow-ups already counted per channel,
// local day and procedure from their kept counts (follow_up_counts) so a million messages become a few
// hundred rows.

type Time = Date | string;
const date = (value: Time) => new Date(value);
const dateOrNull = (value: Time | null) => (value === null ? null : new Date(value));

/** [from, to) of the periods, and now: recovery looks past the period's end. */
export type AnalyticsWindow = { clinicId: string; from: Date; to: Date; now: Date; timeZone: string };

async function readSurveys(db: Database, w: AnalyticsWindow): Promise<SurveyRow[]> {
  const rows = await executeRows<{
    sent_at: Time | null;
    answered_at: Time | null;
    score: number | null;
    procedure: string | null;
  }>(
    db,
    sql`
      select s.sent_at, s.answered_at, s.score, p.procedure
      from survey_requests s
      join patients p on p.clinic_id = s.clinic_id and p.id = s.patient_id
      where s.clinic_id = ${w.clinicId}
        and ((s.sent_at >= ${w.from} and s.sent_at < ${w.to})
          or (s.answered_at >= ${w.from} and s.answered_at < ${w.to}))`,
  );
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
  }>(
    db,
    sql`
      select r.provider, r.rating, r.review_date, r.public_reply_at, p.procedure,
        case when r.rating <= 3 and r.patient_id is not null then (
          select min(c.sent_at) from patient_communications c
          where c.clinic_id = r.clinic_id and c.patient_id = r.patient_id
            and c.kind <> 'test' and c.sent_at >= r.review_date
        ) end as first_contact_at
      from reviews r
      left join patients p on p.clinic_id = r.clinic_id and p.id = r.patient_id
      where r.clinic_id = ${w.clinicId} and r.review_date >= ${w.from} and r.review_date < ${w.to}`,
  );
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
  }>(
    db,
    sql`
      select k.severity, k.created_at, k.due_at, k.owner_user_id, k.patient_id, p.procedure,
        coalesce(k.resolved_at, case when k.status = 'closed' then k.updated_at end) as finished_at
      from cases k
      left join patients p on p.clinic_id = k.clinic_id and p.id = k.patient_id
      where k.clinic_id = ${w.clinicId} and k.created_at < ${w.to}
        and (k.status in ('open', 'in_progress') or coalesce(k.resolved_at, k.updated_at) >= ${w.from})`,
  );
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
  return executeRows<FollowUpCountRow>(
    db,
    sql`
      select k.channel, to_char(k.quarter at time zone ${w.timeZone}, 'YYYY-MM-DD') as day,
        nullif(k.procedure, '') as procedure,
        sum(k.sent)::int as sent, sum(k.delivered)::int as delivered,
        sum(k.failed)::int as failed, sum(k.replied)::int as replied
      from ${followUpCounts} k
      where k.clinic_id = ${w.clinicId} and k.quarter >= ${w.from} and k.quarter < ${w.to}
      group by 1, 2, 3
      having sum(k.sent) > 0`,
  );
}

async function readOptOuts(db: Database, w: AnalyticsWindow): Promise<OptOutRow[]> {
  return executeRows<OptOutRow>(
    db,
    sql`
      select o.channel, to_char(o.at at time zone ${w.timeZone}, 'YYYY-MM-DD') as day
      from patients p
      cross join lateral (values ('sms', p.sms_opted_out_at), ('whatsapp', p.whatsapp_opted_out_at)) as o(channel, at)
      where p.clinic_id = ${w.clinicId}
        and (p.sms_opted_out_at >= ${w.from} or p.whatsapp_opted_out_at >= ${w.from})
        and o.at >= ${w.from} and o.at < ${w.to}`,
  );
}

/** Unhappy signals in the window; happy ones from its start up to now (a recovery may come later). */
async function readSignals(db: Database, w: AnalyticsWindow): Promise<PatientSignal[]> {
  const rows = await executeRows<{
    patient_id: string;
    at: Time;
    kind: PatientSignal['kind'];
    procedure: string | null;
  }>(
    db,
    sql`
      select x.patient_id, x.at, x.kind, p.procedure
      from (
        select r.patient_id, r.review_date as at, case when r.rating <= 3 then 'unhappy' else 'happy' end as kind
        from reviews r
        where r.clinic_id = ${w.clinicId} and r.patient_id is not null
          and r.review_date >= ${w.from} and r.review_date < ${w.now}
        union all
        select s.patient_id, s.answered_at, case when s.score <= 6 then 'unhappy' else 'happy' end
        from survey_requests s
        where s.clinic_id = ${w.clinicId} and s.score is not null and (s.score <= 6 or s.score >= 9)
          and s.answered_at >= ${w.from} and s.answered_at < ${w.now}
        union all
        select a.patient_id, a.created_at, 'unhappy'
        from alerts a
        where a.clinic_id = ${w.clinicId} and a.patient_id is not null
          and a.kind in ('negative_reply', 'clinical_reply')
          and a.created_at >= ${w.from} and a.created_at < ${w.to}
      ) x
      join patients p on p.clinic_id = ${w.clinicId} and p.id = x.patient_id
      where x.kind = 'happy' or x.at < ${w.to}`,
  );
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
    sql`
      select k.patient_id, k.resolved_at, p.procedure
      from cases k
      join patients p on p.clinic_id = k.clinic_id and p.id = k.patient_id
      where k.clinic_id = ${w.clinicId} and k.resolved_at is not null and k.resolved_at >= ${w.from}`,
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
