import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { preparedRows } from './prepared';
import { clinicCounts } from './schema';

/**
 * The counters the triggers of migration 0023 keep (clinic_counted() there says what each counts),
 * each 0 until its row exists: the shape of every read of them, and the answer for a clinic with no
 * row at all.
 */
const zeroCounts = () => ({
  patients_total: 0,
  patients_active: 0,
  patients_completed: 0,
  patients_watch: 0,
  patients_red: 0,
  reviews_total: 0,
  reviews_matched: 0,
  reviews_rating_sum: 0,
  reviews_low_rated: 0,
  cases_total: 0,
  cases_open: 0,
  cases_unfinished: 0,
  cases_unfinished_high: 0,
});

export type ClinicCounts = ReturnType<typeof zeroCounts>;
type ClinicCounter = keyof ClinicCounts;

const counterNames = Object.keys(zeroCounts()) as ClinicCounter[];

/**
 * The given counters as columns of one row, for a statement over the clinic's `clinic_counts` rows
 * (`from clinic_counts where clinic_id = ...`): each the value of its row, 0 without one. Rows of
 * (counter, value) cost a row object and a keyed store each in JavaScript: the largest share of the
 * reviews summary's own work (CPU profile).
 */
export const countColumns = (names: readonly ClinicCounter[]) =>
  sql.join(
    names.map(
      (name) =>
        sql`coalesce(max(${clinicCounts.value}) filter (where ${clinicCounts.counter} = ${sql.raw(`'${name}'`)}), 0)::float8 as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );

/** Every kept count of the clinic, in one row (a dozen rows of one index, turned by the statement). */
export async function readClinicCounts(db: Database, clinicId: string): Promise<ClinicCounts> {
  const rows = await preparedRows<ClinicCounts>(
    db,
    'clinic_counts_row',
    () => sql`select ${countColumns(counterNames)} from ${clinicCounts}
      where ${clinicCounts.clinicId} = ${sql.placeholder('clinicId')}`,
  ).execute({ clinicId });
  return rows[0] ?? zeroCounts();
}

/** Average rating rounded half up to one decimal, as PostgreSQL's round(avg(rating), 1); null without reviews. */
export function averageRating(counts: ClinicCounts): number | null {
  const { reviews_rating_sum: sum, reviews_total: n } = counts;
  if (n === 0) return null;
  // floor(10 * sum / n + 1/2) in integers: no binary fraction to round the wrong way (1.15 -> 1.2).
  return Math.floor((20 * sum + n) / (2 * n)) / 10;
}
