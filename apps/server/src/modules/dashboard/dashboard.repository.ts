import type { WeeklyCases, WeeklyReviews } from '@careloop/contracts/dashboard';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import type { ReviewSyncRow } from './review-monitoring';

export type DashboardRow = {
  patients_total: number;
  patients_active: number;
  reviews_total: number;
  reviews_average: number | null;
  cases_open: number;
  cases_high_priority: number;
  alerts_active: number;
  alerts_high_risk: number;
  review_source_configured: boolean;
  review_syncs: ReviewSyncRow[];
  time_zone: string;
  digest_recipients: number;
  digest_last_sent_at: string | null;
  weekly_reviews: WeeklyReviews[];
  weekly_cases: WeeklyCases[];
};

/**
 * Every dashboard figure in one round-trip. Weeks start on Monday in the clinic's time zone; the
 * series always has `weeks` entries (zeros where nothing happened), oldest first.
 */
export async function readDashboardSummary(
  db: Database,
  clinicId: string,
  options: { weeks: number; reviewSourceSecretPrefixes: string[] },
): Promise<DashboardRow> {
  const clinicIdParam = sql.placeholder('clinicId');
  // One shape per set of review sources (a constant of the code): the secret names are prefix || clinic.
  const statement = preparedSql<DashboardRow>(
    db,
    `dashboard_summary_${options.reviewSourceSecretPrefixes.length}`,
    () => sql`
    with clinic as (
      select time_zone as tz from clinics where id = ${clinicIdParam}
    ),
    -- Each week's bounds as instants (local Monday 00:00 to the next, DST included), so every weekly
    -- figure is a count over one index range: no row's time is converted, and a large clinic's older
    -- rows are never read (the planner cannot see how far back a bound from a CTE reaches; per week it
    -- takes the index).
    weeks as (
      select w.week_start,
             w.week_start::timestamp at time zone clinic.tz as starts_at,
             (w.week_start + 7)::timestamp at time zone clinic.tz as ends_at
      from clinic, lateral (
        select (date_trunc('week', now() at time zone clinic.tz) - make_interval(weeks => g))::date as week_start
        from generate_series(0, ${sql.placeholder('weeks')}::int - 1) as g
      ) w
    ),
    review_weeks as (
      select w.week_start, r.n, r.average
      from weeks w, lateral (
        select count(*)::int as n, round(avg(rating), 1)::float8 as average
        from reviews
        where clinic_id = ${clinicIdParam} and review_date >= w.starts_at and review_date < w.ends_at
      ) r
    ),
    case_weeks as (
      select w.week_start, o.n as opened, r.n as resolved
      from weeks w,
      lateral (
        select count(*)::int as n from cases
        where clinic_id = ${clinicIdParam} and created_at >= w.starts_at and created_at < w.ends_at
      ) o,
      lateral (
        select count(*)::int as n from cases
        where clinic_id = ${clinicIdParam} and resolved_at >= w.starts_at and resolved_at < w.ends_at
      ) r
    ),
    -- Kept counts (ADR 009): a dozen rows instead of counting the clinic's patients, reviews and cases.
    counts as (
      select coalesce(sum(value) filter (where counter = 'patients_total'), 0)::int as patients_total,
             coalesce(sum(value) filter (where counter = 'patients_active'), 0)::int as patients_active,
             coalesce(sum(value) filter (where counter = 'reviews_total'), 0)::int as reviews_total,
             coalesce(sum(value) filter (where counter = 'reviews_rating_sum'), 0) as reviews_rating_sum,
             coalesce(sum(value) filter (where counter = 'cases_unfinished'), 0)::int as cases_open,
             coalesce(sum(value) filter (where counter = 'cases_unfinished_high'), 0)::int as cases_high
      from clinic_counts where clinic_id = ${clinicIdParam}
    ),
    alert_counts as (
      select count(*)::int as active, (count(*) filter (where severity = 'high'))::int as high
      from alerts where clinic_id = ${clinicIdParam} and status = 'active'
    )
    select
      counts.patients_total,
      counts.patients_active,
      counts.reviews_total,
      round(counts.reviews_rating_sum::numeric / nullif(counts.reviews_total, 0), 1)::float8 as reviews_average,
      counts.cases_open,
      counts.cases_high as cases_high_priority,
      alert_counts.active as alerts_active,
      alert_counts.high as alerts_high_risk,
      exists (
        select 1 from secrets
        where clinic_id = ${clinicIdParam}
          and name in (${sql.join(
            options.reviewSourceSecretPrefixes.map((prefix) => sql`${prefix} || ${clinicIdParam}`),
            sql`, `,
          )})
      ) as review_source_configured,
      (
        select coalesce(json_agg(json_build_object(
          'provider', s.provider,
          'lastSuccessAt', s.last_success_at,
          'failingSince', s.failing_since,
          'errorCode', s.last_error_code
        )), '[]'::json)
        from review_source_syncs s where s.clinic_id = ${clinicIdParam}
      ) as review_syncs,
      (select tz from clinic) as time_zone,
      (
        select count(*)::int from clinic_users cu
        join users u on u.id = cu.user_id and u.email_verified and u.daily_digest
        where cu.clinic_id = ${clinicIdParam} and cu.role in ('owner', 'admin')
      ) as digest_recipients,
      (
        select max(d.sent_at) from daily_digest_deliveries d where d.clinic_id = ${clinicIdParam}
      ) as digest_last_sent_at,
      (
        select coalesce(json_agg(json_build_object(
          'weekStart', to_char(week_start, 'YYYY-MM-DD'),
          'count', n,
          'averageRating', average
        ) order by week_start), '[]'::json)
        from review_weeks
      ) as weekly_reviews,
      (
        select coalesce(json_agg(json_build_object(
          'weekStart', to_char(week_start, 'YYYY-MM-DD'),
          'opened', opened,
          'resolved', resolved
        ) order by week_start), '[]'::json)
        from case_weeks
      ) as weekly_cases
    from counts, alert_counts
  `,
  );
  const rows = await statement.execute({ clinicId, weeks: options.weeks });
  return rows[0]!;
}
