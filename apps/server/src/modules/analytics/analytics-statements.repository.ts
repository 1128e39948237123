import { type SQL, sql } from 'drizzle-orm';
import { followUpCounts } from '../../db/schema';

// The statements the analytics summary runs, built for one clinic and window. They answer counts
// per local day (of the clinic's zone) and what cannot be summed per day (medians, cases open at a
// period's end) per period, so a year of a large clinic leaves the database as a few hundred rows;
// the domain (packages/domain/src/analytics) states what each KPI counts and puts them together.
// Kept apart from the mapping of their rows so that the bench can EXPLAIN exactly what the summary
// runs.

type Span = { start: Date; end: Date };

/** [from, to) of both periods, each period, and now: recovery looks past the period's end. */
export type AnalyticsWindow = {
  clinicId: string;
  from: Date;
  to: Date;
  current: Span;
  previous: Span;
  now: Date;
  timeZone: string;
};

type PeriodInstants = { startMs: number; endMs: number };

/** The window of a period and the one before it (`analyticsPeriods`). */
export function analyticsWindow(
  clinicId: string,
  periods: { previous: PeriodInstants; current: PeriodInstants },
  timeZone: string,
  now: Date,
): AnalyticsWindow {
  const span = (p: PeriodInstants) => ({ start: new Date(p.startMs), end: new Date(p.endMs) });
  return {
    clinicId,
    from: new Date(periods.previous.startMs),
    to: new Date(periods.current.endMs),
    current: span(periods.current),
    previous: span(periods.previous),
    now: new Date(Math.max(now.getTime(), periods.current.endMs)),
    timeZone,
  };
}

/** Both periods as rows (period, start_at, end_at), for the statements that answer per period. */
const periodsTable = (w: AnalyticsWindow) => sql`(values
  ('current', ${w.current.start}::timestamptz, ${w.current.end}::timestamptz),
  ('previous', ${w.previous.start}::timestamptz, ${w.previous.end}::timestamptz)
) as p(period, start_at, end_at)`;

const localDay = (column: SQL, w: AnalyticsWindow) =>
  sql`to_char(${column} at time zone ${w.timeZone}, 'YYYY-MM-DD')`;

const hoursBetween = (from: SQL, to: SQL) => sql`(extract(epoch from ${to} - ${from})::float8 / 3600)`;

/** Survey requests sent per local day and procedure, and how many of them were answered. */
const surveysSent = (w: AnalyticsWindow) => sql`
  select ${localDay(sql`s.sent_at`, w)} as day, nullif(s.procedure, '') as procedure,
    count(*)::int as sent, count(s.answered_at)::int as answered
  from survey_requests s
  where s.clinic_id = ${w.clinicId} and s.sent_at >= ${w.from} and s.sent_at < ${w.to}
  group by 1, 2`;

/** Answers per local day, procedure and score. */
const surveyScores = (w: AnalyticsWindow) => sql`
  select ${localDay(sql`s.answered_at`, w)} as day, nullif(s.procedure, '') as procedure, s.score,
    count(*)::int as count
  from survey_requests s
  where s.clinic_id = ${w.clinicId} and s.score is not null
    and s.answered_at >= ${w.from} and s.answered_at < ${w.to}
  group by 1, 2, 3`;

/** Reviews written per local day, platform, procedure and rating, and how many have a public reply. */
const reviews = (w: AnalyticsWindow) => sql`
  select ${localDay(sql`r.review_date`, w)} as day, r.provider as platform, r.patient_procedure as procedure,
    r.rating, count(*)::int as count, count(r.public_reply_at)::int as replied
  from reviews r
  where r.clinic_id = ${w.clinicId} and r.review_date >= ${w.from} and r.review_date < ${w.to}
  group by 1, 2, 3, 4`;

/**
 * Per period, the median hours from a review to its public reply, and from a 1-3 star review to the
 * first message (not a test) sent to its matched patient after it.
 */
const reviewDelays = (w: AnalyticsWindow) => sql`
  select p.period,
    percentile_cont(0.5) within group (order by ${hoursBetween(sql`r.review_date`, sql`r.public_reply_at`)})
      filter (where r.public_reply_at is not null) as hours_to_first_reply,
    percentile_cont(0.5) within group (order by ${hoursBetween(sql`r.review_date`, sql`r.first_contact_at`)})
      filter (where r.first_contact_at is not null) as hours_to_first_contact
  from (
    select r.review_date, r.public_reply_at,
      case when r.rating <= 3 and r.patient_id is not null then (
        select m.sent_at from patient_communications m
        where m.clinic_id = r.clinic_id and m.patient_id = r.patient_id
          and m.sent_at >= r.review_date and m.kind <> 'test'
        order by m.sent_at limit 1
      ) end as first_contact_at
    from reviews r
    where r.clinic_id = ${w.clinicId} and r.review_date >= ${w.from} and r.review_date < ${w.to}
  ) r
  join ${periodsTable(w)} on r.review_date >= p.start_at and r.review_date < p.end_at
  group by p.period`;

/** When a case was finished: resolved, or closed without a resolution (its last change). */
const finishedAt = sql`coalesce(k.resolved_at, case when k.status = 'closed' then k.updated_at end)`;

/** Cases finished from the window's start on (the index of resolved cases, or the few closed ones). */
const finishedCases = (w: AnalyticsWindow) => sql`(
  select k.owner_user_id, k.patient_procedure, k.created_at, k.due_at, ${finishedAt} as finished_at
  from cases k
  where k.clinic_id = ${w.clinicId} and coalesce(k.resolved_at, k.updated_at) >= ${w.from}
) f`;

/**
 * Cases opened per local day, owner and procedure; and finished per day, with how many had a due
 * time and how many were finished by it.
 */
const cases = (w: AnalyticsWindow) => sql`
  select 'opened' as kind, ${localDay(sql`k.created_at`, w)} as day, k.owner_user_id,
    k.patient_procedure as procedure, count(*)::int as count, 0 as with_due_time, 0 as met_sla
  from cases k
  where k.clinic_id = ${w.clinicId} and k.created_at >= ${w.from} and k.created_at < ${w.to}
  group by 2, 3, 4
  union all
  select 'finished', ${localDay(sql`f.finished_at`, w)}, f.owner_user_id, f.patient_procedure,
    count(*)::int, count(f.due_at)::int, (count(*) filter (where f.finished_at <= f.due_at))::int
  from ${finishedCases(w)}
  where f.finished_at >= ${w.from} and f.finished_at < ${w.to}
  group by 2, 3, 4`;

/** Per period (and per owner in it), the median hours from opening to finish of the cases finished in it. */
const caseDurations = (w: AnalyticsWindow) => sql`
  select p.period, f.owner_user_id, grouping(f.owner_user_id) = 1 as every_owner,
    percentile_cont(0.5) within group (order by ${hoursBetween(sql`f.created_at`, sql`f.finished_at`)}) as hours
  from ${periodsTable(w)}
  join ${finishedCases(w)} on f.finished_at >= p.start_at and f.finished_at < p.end_at
  group by grouping sets ((p.period), (p.period, f.owner_user_id))`;

/**
 * Cases open at each period's end by severity: opened before it, not finished by then (one pass
 * over the cases unfinished at the window's start).
 */
const openCases = (w: AnalyticsWindow) => {
  const openAt = (end: Date) =>
    sql`k.created_at < ${end} and (${finishedAt} is null or ${finishedAt} >= ${end})`;
  return sql`
  select k.severity,
    (count(*) filter (where ${openAt(w.current.end)}))::int as current,
    (count(*) filter (where ${openAt(w.previous.end)}))::int as previous
  from cases k
  where k.clinic_id = ${w.clinicId} and k.created_at < ${w.to}
    and (${finishedAt} is null or ${finishedAt} >= ${w.previous.end})
  group by k.severity`;
};

/** Follow-ups from their kept counts per quarter hour (a quarter hour lies in one local day of any zone). */
const followUps = (w: AnalyticsWindow) => sql`
  select k.channel, ${localDay(sql`k.quarter`, w)} as day,
    nullif(k.procedure, '') as procedure,
    sum(k.sent)::int as sent, sum(k.delivered)::int as delivered,
    sum(k.failed)::int as failed, sum(k.replied)::int as replied
  from ${followUpCounts} k
  where k.clinic_id = ${w.clinicId} and k.quarter >= ${w.from} and k.quarter < ${w.to}
  group by 1, 2, 3
  having sum(k.sent) > 0`;

const optOuts = (w: AnalyticsWindow) => sql`
  select o.channel, ${localDay(sql`o.at`, w)} as day
  from patients p
  cross join lateral (values ('sms', p.sms_opted_out_at), ('whatsapp', p.whatsapp_opted_out_at)) as o(channel, at)
  where p.clinic_id = ${w.clinicId}
    and (p.sms_opted_out_at >= ${w.from} or p.whatsapp_opted_out_at >= ${w.from})
    and o.at >= ${w.from} and o.at < ${w.to}`;

/**
 * The signals of the patients unhappy in the window (a 1-3 star review, a detractor score, a
 * negative or clinical reply): those unhappy moments, and their happy ones (a 4-5 star review, a
 * score >= 9, a positive reply) from the window's start up to now (a recovery may come later).
 */
const signals = (w: AnalyticsWindow) => sql`
  with x as (
    select r.patient_id, r.review_date as at, case when r.rating <= 3 then 'unhappy' else 'happy' end as kind,
      r.patient_procedure as procedure
    from reviews r
    where r.clinic_id = ${w.clinicId} and r.patient_id is not null
      and r.review_date >= ${w.from} and r.review_date < ${w.now}
    union all
    select s.patient_id, s.answered_at, case when s.score <= 6 then 'unhappy' else 'happy' end,
      nullif(s.procedure, '')
    from survey_requests s
    where s.clinic_id = ${w.clinicId} and s.score is not null and (s.score <= 6 or s.score >= 9)
      and s.answered_at >= ${w.from} and s.answered_at < ${w.now}
    union all
    select a.patient_id, a.created_at, 'unhappy', a.patient_procedure
    from alerts a
    where a.clinic_id = ${w.clinicId} and a.kind in ('negative_reply', 'clinical_reply')
      and a.created_at >= ${w.from} and a.created_at < ${w.to} and a.patient_id is not null
    union all
    select l.patient_id, l.received_at, 'happy',
      (select p.procedure from patients p where p.clinic_id = l.clinic_id and p.id = l.patient_id)
    from webhook_logs l
    where l.clinic_id = ${w.clinicId} and l.sentiment = 'positive'
      and l.received_at >= ${w.from} and l.received_at < ${w.now} and l.patient_id is not null
  )
  select x.patient_id, x.at, x.kind, x.procedure
  from x
  where (x.kind = 'happy' or x.at < ${w.to})
    and x.patient_id in (select u.patient_id from x u where u.kind = 'unhappy' and u.at < ${w.to})`;

/**
 * Cases of patients resolved from the window's start up to now. No procedure: a resolution counts for
 * the patient, under the procedure of their first unhappy signal (`recoveryOutcomes`).
 */
const resolutions = (w: AnalyticsWindow) => sql`
  select k.patient_id, k.resolved_at
  from cases k
  where k.clinic_id = ${w.clinicId} and k.resolved_at is not null and k.resolved_at >= ${w.from}
    and k.patient_id is not null`;

/** Every statement of the summary by the rows it reads (plans without advanced analytics run the surveys' only). */
export const analyticsStatements = {
  surveysSent,
  surveyScores,
  reviews,
  reviewDelays,
  cases,
  caseDurations,
  openCases,
  followUps,
  optOuts,
  signals,
  resolutions,
} satisfies Record<string, (w: AnalyticsWindow) => SQL>;
