// The Daily Digest: one e-mail a day to each clinic's owners and admins, at 08:00
// on the clinic's own clocks. Pure timing rules; the server decides who and what.
import { instantAtLocal, isoDateOfDay, localDayOf, localMinutesOf } from './messaging/clinic-time';

/** 08:00 local time. */
export const digestSendMinutes = 8 * 60;
/**
 * A digest not sent by noon (the workers were down all morning) is skipped for that day rather than
 * arriving in the afternoon with a "last day" that no longer means much.
 */
export const digestLatestMinutes = 12 * 60;
/** The schedule runs every quarter hour, so 08:00 is met on the minute in every zone (Kathmandu's +05:45 too). */
export const digestScheduleCron = '*/15 * * * *';

export type DigestDay = {
  /** The clinic-local calendar day, YYYY-MM-DD. */
  digestDate: string;
  /** 08:00 of the day before, local: the start of "the last day" the digest reports. */
  windowStart: Date;
  /** 08:00 of the day, local: when it is sent and the end of what it reports. */
  windowEnd: Date;
};

function digestDayOf(day: number, timeZone: string): DigestDay {
  return {
    digestDate: isoDateOfDay(day),
    windowStart: new Date(instantAtLocal(day - 1, digestSendMinutes, timeZone)),
    windowEnd: new Date(instantAtLocal(day, digestSendMinutes, timeZone)),
  };
}

/**
 * The digest a clinic in `timeZone` is due at `now`, or null: due from 08:00 to noon of each local
 * day. The window is local 08:00 to 08:00, so it is 23 or 25 hours long across a clock change.
 */
export function dueDigest(now: Date | number, timeZone: string): DigestDay | null {
  const minutes = localMinutesOf(now, timeZone);
  if (minutes < digestSendMinutes || minutes >= digestLatestMinutes) return null;
  return digestDayOf(localDayOf(now, timeZone), timeZone);
}

/** When the next digest goes: 08:00 today if that is still ahead, else 08:00 tomorrow (local). */
export function nextDigestAt(now: Date | number, timeZone: string): Date {
  const ms = typeof now === 'number' ? now : now.getTime();
  const today = localDayOf(ms, timeZone);
  const todayAt = instantAtLocal(today, digestSendMinutes, timeZone);
  return new Date(todayAt > ms ? todayAt : instantAtLocal(today + 1, digestSendMinutes, timeZone));
}
