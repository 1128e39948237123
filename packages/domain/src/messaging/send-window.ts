import { type AutomationConfig, minutesOfDay } from './automation-config';
import { instantAtLocal, localDayOf, localMinutesOf } from './clinic-time';
import type { DeferReason } from './follow-up-plan';

// The sending window checked again at send time. Planning puts a message inside the clinic's window
// and on a day the patient has no other message, but a backlog (an outage, a stopped worker, a late
// sweep) is sent whenever the sweep runs: without this check, at 23:30 or twice in one minute.

/**
 * The instant itself when it falls inside the clinic's sending window (quiet hours are the rest
 * of the day, in the clinic's time zone), else the window's next opening: nothing automated goes
 * out at night.
 */
export function nextSendingInstant(
  instant: Date,
  quietHours: AutomationConfig['quietHours'],
  timeZone: string,
): Date {
  const from = minutesOfDay(quietHours.sendFrom);
  const until = minutesOfDay(quietHours.sendUntil);
  const minutes = localMinutesOf(instant, timeZone);
  if (minutes >= from && minutes < until) return instant;
  const day = localDayOf(instant, timeZone);
  return new Date(instantAtLocal(minutes < from ? day : day + 1, from, timeZone));
}

export type SendTimeInput = {
  now: Date;
  quietHours: AutomationConfig['quietHours'];
  timeZone: string;
  /** When the patient's other messages went out (handed to a provider): one a clinic-local day. */
  sentToPatient: Iterable<Date>;
};

export type SendTimeDecision =
  | { send: true }
  /** Not now: moved to `sendAt`, the next instant the window is open on a day still free. */
  | { send: false; sendAt: Date; reasons: DeferReason[] };

/**
 * Whether an automated message may go out now: inside the window, and on a local day on which the
 * patient got nothing else. Else the next allowed instant: the window's next opening, moved on
 * day by day past the days the patient already got a message.
 */
export function decideSendTime({
  now,
  quietHours,
  timeZone,
  sentToPatient,
}: SendTimeInput): SendTimeDecision {
  const reasons: DeferReason[] = [];
  let sendAt = nextSendingInstant(now, quietHours, timeZone);
  if (sendAt.getTime() !== now.getTime()) reasons.push('quiet_hours');
  const used = new Set<number>();
  for (const at of sentToPatient) used.add(localDayOf(at, timeZone));
  let day = localDayOf(sendAt, timeZone);
  if (used.has(day)) {
    reasons.push('daily_cap');
    while (used.has(day)) day += 1;
    sendAt = new Date(instantAtLocal(day, minutesOfDay(quietHours.sendFrom), timeZone));
  }
  return reasons.length === 0 ? { send: true } : { send: false, sendAt, reasons };
}
