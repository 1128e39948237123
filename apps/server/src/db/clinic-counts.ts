import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { preparedRows } from './prepared';
import { clinicCounts } from './schema';

/**
 * The counters the triggers of migration 0023 keep (clinic_counted() there says what each counts),
 * each 0 until its row exists. One object of a fixed shape: built from a list of the counters, it was
 * the largest allocation of a cheap read's request (3.5 KB, heap profile), read on every summary.
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

/** Every kept count of the clinic (a dozen rows of one index); a counter without a row is 0. */
export async function readClinicCounts(db: Database, clinicId: string): Promise<ClinicCounts> {
  const rows = await preparedRows<{ counter: string; value: string | number }>(db, 'clinic_counts', () =>
    db
      .select({ counter: clinicCounts.counter, value: clinicCounts.value })
      .from(clinicCounts)
      .where(eq(clinicCounts.clinicId, sql.placeholder('clinicId'))),
  ).execute({ clinicId });
  const counts = zeroCounts();
  for (const row of rows)
    if (Object.hasOwn(counts, row.counter)) counts[row.counter as ClinicCounter] = Number(row.value);
  return counts;
}

/** Average rating rounded half up to one decimal, as PostgreSQL's round(avg(rating), 1); null without reviews. */
export function averageRating(counts: ClinicCounts): number | null {
  const { reviews_rating_sum: sum, reviews_total: n } = counts;
  if (n === 0) return null;
  // floor(10 * sum / n + 1/2) in integers: no binary fraction to round the wrong way (1.15 -> 1.2).
  return Math.floor((20 * sum + n) / (2 * n)) / 10;
}
