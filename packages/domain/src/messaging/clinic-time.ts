// Calendar days and local times in a clinic's time zone, with Intl only (no Temporal, no tz
// library in the domain package). A "day number" counts calendar days since 1970-01-01, so day
// arithmetic is integer arithmetic.

const minuteMs = 60_000;
const dayMs = 86_400_000;
// Zone offsets change only on quarter-hour boundaries (in any rule in force since 1970), so one
// lookup per UTC quarter hour is exact and lets planning for many patients reuse it.
const offsetBucketMs = 15 * minuteMs;

const maxCachedOffsets = 200_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, Map<number, number>>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function computeOffsetMinutes(timeZone: string, instantMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / minuteMs);
}

/** The zone's offset from UTC at an instant, in minutes (Madrid in summer: 120). */
export function zoneOffsetMinutes(timeZone: string, instantMs: number): number {
  let byBucket = offsetCache.get(timeZone);
  // A long-running worker sees ever new instants: start afresh rather than grow without end.
  if (!byBucket || byBucket.size > maxCachedOffsets) {
    byBucket = new Map();
    offsetCache.set(timeZone, byBucket);
  }
  const bucket = Math.floor(instantMs / offsetBucketMs);
  let offset = byBucket.get(bucket);
  if (offset === undefined) {
    offset = computeOffsetMinutes(timeZone, bucket * offsetBucketMs);
    byBucket.set(bucket, offset);
  }
  return offset;
}

/** The local calendar day (day number) of an instant in the zone. */
export function localDayOf(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return Math.floor((ms + zoneOffsetMinutes(timeZone, ms) * minuteMs) / dayMs);
}

/** Minutes since local midnight of an instant in the zone. */
export function localMinutesOf(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const local = ms + zoneOffsetMinutes(timeZone, ms) * minuteMs;
  return Math.floor((local - Math.floor(local / dayMs) * dayMs) / minuteMs);
}

/**
 * The instant at which the zone's clocks show `minutes` after midnight on `day`. A time that
 * happens twice (clocks going back) gives the first; a time skipped by clocks going forward
 * gives the same distance past the gap (02:30 on a 02:00->03:00 night is 03:30).
 */
export function instantAtLocal(day: number, minutes: number, timeZone: string): number {
  const wall = day * dayMs + minutes * minuteMs;
  // No zone changes its offset twice within a day, so the offsets half a day either side are
  // the only two candidates.
  const before = zoneOffsetMinutes(timeZone, wall - dayMs / 2);
  const after = zoneOffsetMinutes(timeZone, wall + dayMs / 2);
  const withBefore = wall - before * minuteMs;
  const withAfter = wall - after * minuteMs;
  const beforeFits = zoneOffsetMinutes(timeZone, withBefore) === before;
  const afterFits = zoneOffsetMinutes(timeZone, withAfter) === after;
  if (beforeFits && afterFits) return Math.min(withBefore, withAfter);
  if (beforeFits) return withBefore;
  if (afterFits) return withAfter;
  return withBefore;
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a 'YYYY-MM-DD' calendar date, or null when it is no real date. */
export function dayFromIsoDate(value: string): number | null {
  const match = isoDatePattern.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Not Date.UTC, which reads the years 0-99 as 1900-1999.
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  const ms = check.getTime();
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return ms / dayMs;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * 'YYYY-MM-DD' of a day number (days since 1970-01-01), years 0-9999. By arithmetic (H. Hinnant's
 * civil_from_days), not through a Date and its ISO string: a list writes one per row.
 */
export function isoDateOfDay(day: number): string {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(date)}`;
}
