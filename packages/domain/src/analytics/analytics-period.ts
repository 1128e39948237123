import { dayFromIsoDate, instantAtLocal, isoDateOfDay, localDayOf } from '../messaging/clinic-time';

/** Ranges up to this many days are charted per day; longer ones per week. */
export const dailySeriesMaxDays = 31;

export type Granularity = 'day' | 'week';

/** Whole local days [from, to] of a clinic, and the instants they span: [startMs, endMs). */
export type AnalyticsPeriod = {
  from: string;
  to: string;
  days: number;
  startMs: number;
  endMs: number;
};

function periodOfDays(firstDay: number, lastDay: number, timeZone: string): AnalyticsPeriod {
  return {
    from: isoDateOfDay(firstDay),
    to: isoDateOfDay(lastDay),
    days: lastDay - firstDay + 1,
    startMs: instantAtLocal(firstDay, 0, timeZone),
    endMs: instantAtLocal(lastDay + 1, 0, timeZone),
  };
}

/**
 * The period asked for and the one of the same length just before it, in the clinic's zone: a
 * day is local midnight to local midnight, so a 23- or 25-hour day of a clock change is one day.
 */
export function analyticsPeriods(from: string, to: string, timeZone: string) {
  const firstDay = dayFromIsoDate(from);
  const lastDay = dayFromIsoDate(to);
  if (firstDay === null || lastDay === null || lastDay < firstDay) {
    throw new RangeError(`Not a date range: ${from}..${to}`);
  }
  const length = lastDay - firstDay + 1;
  return {
    current: periodOfDays(firstDay, lastDay, timeZone),
    previous: periodOfDays(firstDay - length, firstDay - 1, timeZone),
    granularity: (length <= dailySeriesMaxDays ? 'day' : 'week') as Granularity,
  };
}

export function isWithin(period: Pick<AnalyticsPeriod, 'startMs' | 'endMs'>, at: Date | null): boolean {
  if (at === null) return false;
  const ms = at.getTime();
  return ms >= period.startMs && ms < period.endMs;
}

/** Whether a local date (YYYY-MM-DD) is one of the period's days. */
export function isDayWithin(period: Pick<AnalyticsPeriod, 'from' | 'to'>, day: string): boolean {
  return day >= period.from && day <= period.to;
}

/** Day number of the Monday on or before a day (day 0, 1970-01-01, was a Thursday). */
function mondayOf(day: number): number {
  return day - ((day + 3) % 7);
}

function bucketDay(day: number, granularity: Granularity): number {
  return granularity === 'day' ? day : mondayOf(day);
}

/** The first day (YYYY-MM-DD) of the day or week a local date belongs to. */
export function bucketOfDate(isoDate: string, granularity: Granularity): string {
  const day = dayFromIsoDate(isoDate);
  if (day === null) throw new RangeError(`Not a date: ${isoDate}`);
  return isoDateOfDay(bucketDay(day, granularity));
}

/** The bucket of an instant, in the clinic's zone. */
export function bucketOfInstant(at: Date, granularity: Granularity, timeZone: string): string {
  return isoDateOfDay(bucketDay(localDayOf(at, timeZone), granularity));
}

/** Every bucket of the period, oldest first (a week bucket may start before `from`). */
export function periodBuckets(period: AnalyticsPeriod, granularity: Granularity): string[] {
  const first = dayFromIsoDate(period.from) ?? 0;
  const last = dayFromIsoDate(period.to) ?? 0;
  const buckets: string[] = [];
  for (let day = bucketDay(first, granularity); day <= last; day += granularity === 'day' ? 1 : 7) {
    buckets.push(isoDateOfDay(day));
  }
  return buckets;
}

/** The last `days` whole local days up to and including today, in the clinic's zone. */
export function lastDays(now: Date, days: number, timeZone: string): { from: string; to: string } {
  const today = localDayOf(now, timeZone);
  return { from: isoDateOfDay(today - days + 1), to: isoDateOfDay(today) };
}
