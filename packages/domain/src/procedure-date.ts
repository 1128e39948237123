import { dayFromIsoDate, instantAtLocal, isoDateOfDay, localDayOf } from './messaging/clinic-time';

// A procedure date is a calendar date in the clinic's time zone ('YYYY-MM-DD'). It is stored as a
// timestamp: noon of that date in the clinic's zone. Noon rather than midnight so that every reader
// lands on the same date: the follow-up planner reads the date back in the clinic's zone, and a
// reader of the UTC date (matching, export) agrees for every zone within 11 hours of UTC, where
// midnight would already be the day before east of UTC.

export const procedureDateMessages = {
  invalid: {
    key: 'patients.errors.procedureDateInvalid',
    message: 'Please enter the procedure date as YYYY-MM-DD',
  },
  tooEarly: {
    key: 'patients.errors.procedureDateTooEarly',
    message: 'The procedure date must be in 1900 or later',
  },
  tooLate: {
    key: 'patients.errors.procedureDateTooLate',
    message: 'The procedure date can be at most one year ahead',
  },
} as const;

/** Minutes after local midnight of the stored instant. */
const storedMinutes = 12 * 60;
const earliestDay = dayFromIsoDate('1900-01-01')!;
/** A treatment may be booked ahead: follow-ups wait until its day comes. */
export const procedureDateMaxDaysAhead = 365;

/** The stored instant of a procedure date: noon of that date in the clinic's zone. */
export function procedureDateInstant(isoDate: string, timeZone: string): Date {
  const day = dayFromIsoDate(isoDate);
  if (day === null) throw new RangeError(`not a date: ${isoDate}`);
  return new Date(instantAtLocal(day, storedMinutes, timeZone));
}

/** The procedure date ('YYYY-MM-DD') of a stored instant, in the clinic's zone. */
export function procedureDateOf(instant: Date | string, timeZone: string): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  return isoDateOfDay(localDayOf(ms, timeZone));
}

export type ProcedureDateCheck =
  | { ok: true }
  | { ok: false; message: (typeof procedureDateMessages)[keyof typeof procedureDateMessages] };

/** A real date, from 1900 on, at most a year after today in the clinic's zone. */
export function checkProcedureDate(isoDate: string, now: Date, timeZone: string): ProcedureDateCheck {
  const day = dayFromIsoDate(isoDate);
  if (day === null) return { ok: false, message: procedureDateMessages.invalid };
  if (day < earliestDay) return { ok: false, message: procedureDateMessages.tooEarly };
  if (day > localDayOf(now, timeZone) + procedureDateMaxDaysAhead) {
    return { ok: false, message: procedureDateMessages.tooLate };
  }
  return { ok: true };
}
