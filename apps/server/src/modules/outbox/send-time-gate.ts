import { isoDateOfDay, localDayOf } from '@careloop/domain/messaging/clinic-time';
import type { DeferReason } from '@careloop/domain/messaging/follow-up-plan';
import { decideSendTime } from '@careloop/domain/messaging/send-window';
import type { Database } from '../../db/client';
import { type ClaimedMessage, deferClaim, markInFlight } from './outbox.repository';
import { findSentToPatient, hasOpenClinicalCase, lockPatientSending } from './send-gate.repository';
import type { SendingContext } from './sending-context';

// What planning promised, held again when an automated message is sent: nothing during the clinic's
// quiet hours, at most one message a clinic-local day per patient, nothing while a clinical case of
// the patient is open. A message that misses its window is not sent but moved (its scheduled time)
// to the next allowed instant in the clinic's zone, its try given back.
//
// Staff's own messages (Test Messaging) and the one confirmation of an opt-out are not automated:
// they answer a person now.

const dayMs = 86_400_000;

const deferNotes: Record<DeferReason, string> = {
  quiet_hours: 'Moved to the next opening of the clinic’s sending window (quiet hours)',
  daily_cap: 'Moved to the next day: one message a day per patient',
};

/** Follow-ups, cross-sells and surveys the planners wrote; not a test send. */
export function isAutomated(message: Pick<ClaimedMessage, 'kind'>, options: { test?: unknown }): boolean {
  return (
    !options.test &&
    (message.kind === 'followup' || message.kind === 'crosssell' || message.kind === 'survey')
  );
}

type GateOutcome = 'send' | 'deferred' | 'lost_claim' | 'clinical_case_open';

async function decide(db: Database, message: ClaimedMessage, context: SendingContext, now: Date) {
  // Two days back covers the local day in any zone.
  const sent = await findSentToPatient(
    db,
    message.clinicId,
    message.patientId,
    message.id,
    new Date(now.getTime() - 2 * dayMs),
  );
  return decideSendTime({
    now,
    quietHours: context.config.quietHours,
    timeZone: context.clinic.timeZone,
    sentToPatient: sent,
  });
}

async function defer(
  db: Database,
  message: ClaimedMessage,
  context: SendingContext,
  decision: { sendAt: Date; reasons: DeferReason[] },
  now: Date,
): Promise<'deferred' | 'lost_claim'> {
  const moved = await deferClaim(db, message, {
    scheduledAt: decision.sendAt,
    sendDate: isoDateOfDay(localDayOf(decision.sendAt, context.clinic.timeZone)),
    note: decision.reasons.map((reason) => deferNotes[reason]).join('; '),
    now,
  });
  return moved ? 'deferred' : 'lost_claim';
}

/**
 * Before the text is written: paused by a clinical case, or moved (window, daily cap), or free to go.
 * A clinical case fails the message with its reason rather than holding it: a "we hope you are
 * recovering" planned for day 3 would read wrong once staff have dealt with the complication, and
 * the planner plans the next schedule day after the case is resolved (within its catch-up).
 */
export async function mayAutomatedSendNow(
  db: Database,
  message: ClaimedMessage,
  context: SendingContext,
  now: Date,
): Promise<GateOutcome> {
  if (await hasOpenClinicalCase(db, message.clinicId, message.patientId)) return 'clinical_case_open';
  const decision = await decide(db, message, context, now);
  return decision.send ? 'send' : defer(db, message, context, decision, now);
}

/**
 * The idempotency marker (`markInFlight`); for an automated message taken under the patient's
 * sending lock with the one-a-day rule read again, so two lanes or workers with two messages of one
 * patient cannot both send: the second sees the first's marker and moves to the next day.
 */
export async function markInFlightWithinSendTime(
  db: Database,
  message: ClaimedMessage,
  context: SendingContext,
  automated: boolean,
  values: Parameters<typeof markInFlight>[2],
): Promise<'marked' | 'deferred' | 'lost_claim' | 'consent_withdrawn'> {
  if (!automated) return markInFlight(db, message, values);
  return db.transaction(async (tx) => {
    await lockPatientSending(tx, message.clinicId, message.patientId);
    const decision = await decide(tx, message, context, values.now);
    if (!decision.send) return defer(tx, message, context, decision, values.now);
    return markInFlight(tx, message, values);
  });
}
