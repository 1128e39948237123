import { type SQL, sql } from 'drizzle-orm';
import { followUpCounts } from '../../db/schema';

// The statements the analytics summary runs, one per kind of row, built for one clinic and window.
// Kept apart from the mapping of their rows so that the bench can EXPLAIN exactly what the summary
// runs.

/** [from, to) of the periods, and now: recovery looks past the period's end. */
export type AnalyticsWindow = { clinicId: string; from: Date; to: Date; now: Date; timeZone: string };

/** The window of a period and the one before it (`analyticsPeriods`). */
export function analyticsWindow(
  clinicId: string,
  periods: { previous: { startMs: number }; current: { endMs: number } },
  timeZone: string,
  now: Date,
): AnalyticsWindow {
  return {
    clinicId,
    from: new Date(periods.previous.startMs),
    to: new Date(periods.current.endMs),
    now: new Date(Math.max(now.getTime(), periods.current.endMs)),
    timeZone,
  };
}

const surveys = (w: AnalyticsWindow) => sql`
  select s.sent_at, s.answered_at, s.score, nullif(s.procedure, '') as procedure
  from survey_requests s
  where s.clinic_id = ${w.clinicId}
    and ((s.sent_at >= ${w.from} and s.sent_at < ${w.to})
      or (s.answered_at >= ${w.from} and s.answered_at < ${w.to}))`;

const reviews = (w: AnalyticsWindow) => sql`
  select r.provider, r.rating, r.review_date, r.public_reply_at, r.patient_procedure as procedure,
    case when r.rating <= 3 and r.patient_id is not null then (
      select c.sent_at from patient_communications c
      where c.clinic_id = r.clinic_id and c.patient_id = r.patient_id
        and c.sent_at >= r.review_date and c.kind <> 'test'
      order by c.sent_at limit 1
    ) end as first_contact_at
  from reviews r
  where r.clinic_id = ${w.clinicId} and r.review_date >= ${w.from} and r.review_date < ${w.to}`;

/** Cases alive at some time in the window: opened before its end, not finished before its start. */
const cases = (w: AnalyticsWindow) => sql`
  select k.severity, k.created_at, k.due_at, k.owner_user_id, k.patient_id, k.patient_procedure as procedure,
    coalesce(k.resolved_at, case when k.status = 'closed' then k.updated_at end) as finished_at
  from cases k
  where k.clinic_id = ${w.clinicId} and k.created_at < ${w.to}
    and (k.status in ('open', 'in_progress') or coalesce(k.resolved_at, k.updated_at) >= ${w.from})`;

/** Follow-ups from their kept counts per quarter hour (a quarter hour lies in one local day of any zone). */
const followUps = (w: AnalyticsWindow) => sql`
  select k.channel, to_char(k.quarter at time zone ${w.timeZone}, 'YYYY-MM-DD') as day,
    nullif(k.procedure, '') as procedure,
    sum(k.sent)::int as sent, sum(k.delivered)::int as delivered,
    sum(k.failed)::int as failed, sum(k.replied)::int as replied
  from ${followUpCounts} k
  where k.clinic_id = ${w.clinicId} and k.quarter >= ${w.from} and k.quarter < ${w.to}
  group by 1, 2, 3
  having sum(k.sent) > 0`;

const optOuts = (w: AnalyticsWindow) => sql`
  select o.channel, to_char(o.at at time zone ${w.timeZone}, 'YYYY-MM-DD') as day
  from patients p
  cross join lateral (values ('sms', p.sms_opted_out_at), ('whatsapp', p.whatsapp_opted_out_at)) as o(channel, at)
  where p.clinic_id = ${w.clinicId}
    and (p.sms_opted_out_at >= ${w.from} or p.whatsapp_opted_out_at >= ${w.from})
    and o.at >= ${w.from} and o.at < ${w.to}`;

/**
 * Unhappy signals in the window; happy ones (a 4-5 star review, a score >= 9, a positive reply) from
 * its start up to now (a recovery may come later).
 */
const signals = (w: AnalyticsWindow) => sql`
  select x.patient_id, x.at, x.kind, x.procedure
  from (
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
  ) x
  where x.kind = 'happy' or x.at < ${w.to}`;

/** Cases of patients resolved from the window's start up to now. */
const resolutions = (w: AnalyticsWindow) => sql`
  select k.patient_id, k.resolved_at, k.patient_procedure as procedure
  from cases k
  where k.clinic_id = ${w.clinicId} and k.resolved_at is not null and k.resolved_at >= ${w.from}
    and k.patient_id is not null`;

/** Every statement of the summary by the rows it reads (plans without advanced analytics run `surveys` only). */
export const analyticsStatements = {
  surveys,
  reviews,
  cases,
  followUps,
  optOuts,
  signals,
  resolutions,
} satisfies Record<string, (w: AnalyticsWindow) => SQL>;
