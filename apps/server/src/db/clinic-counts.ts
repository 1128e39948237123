import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { preparedRows } from './prepared';
import { clinicCounts } from './schema';

/** The counters the triggers of migration 0023 keep (clinic_counted() there says what each counts). */
const clinicCounters = [
  'patients_total',
  'patients_active',
  'patients_completed',
  'patients_watch',
  'patients_red',
  'reviews_total',
  'reviews_matched',
  'reviews_rating_sum',
  'reviews_low_rated',
  'cases_total',
  'cases_open',
  'cases_unfinished',
  'cases_unfinished_high',
] as const;
type ClinicCounter = (typeof clinicCounters)[number];

export type ClinicCounts = Record<ClinicCounter, number>;

/** Every kept count of the clinic (a dozen rows of one index); a counter without a row is 0. */
export async function readClinicCounts(db: Database, clinicId: string): Promise<ClinicCounts> {
  const rows = await preparedRows<{ counter: string; value: string | number }>(db, 'clinic_counts', () =>
    db
      .select({ counter: clinicCounts.counter, value: clinicCounts.value })
      .from(clinicCounts)
      .where(eq(clinicCounts.clinicId, sql.placeholder('clinicId'))),
  ).execute({ clinicId });
  const counts = Object.fromEntries(clinicCounters.map((counter) => [counter, 0])) as ClinicCounts;
  for (const row of rows) counts[row.counter as ClinicCounter] = Number(row.value);
  return counts;
}

/** Average rating rounded half up to one decimal, as PostgreSQL's round(avg(rating), 1); null without reviews. */
export function averageRating(counts: ClinicCounts): number | null {
  const { reviews_rating_sum: sum, reviews_total: n } = counts;
  if (n === 0) return null;
  // floor(10 * sum / n + 1/2) in integers: no binary fraction to round the wrong way (1.15 -> 1.2).
  return Math.floor((20 * sum + n) / (2 * n)) / 10;
}
