import { type MessageChannel, messageChannels } from '../cost-calculator';
import { type AutomationConfig, enabledFollowUpDays, minutesOfDay } from './automation-config';
import { dayFromIsoDate, instantAtLocal, isoDateOfDay, localDayOf, localMinutesOf } from './clinic-time';

// Which automated messages are due. Pure: the scheduler loads the
// patients, the configuration and what is already in the outbox, and writes what this answers.

export const plannedMessageKinds = ['followup', 'crosssell'] as const;
export type PlannedMessageKind = (typeof plannedMessageKinds)[number];

export const messageLanguages = ['en', 'es', 'tr'] as const;
export type MessageLanguage = (typeof messageLanguages)[number];

/**
 * How many days late a follow-up may still go out (after an outage, or a patient added late).
 * Later than that, a "day 1" message would read wrong, and catching up on a backlog would flood
 * the patient; only the latest schedule day that is due is ever considered.
 */
export const followUpCatchUpDays = 2;

export type PlanPatient = {
  id: string;
  /** A 'YYYY-MM-DD' calendar date as written, or an instant read in the clinic's time zone. */
  procedureDate: string | Date | null;
  /** en, es or tr; anything else gets the clinic's language. */
  language: string | null;
  hasPhone: boolean;
  optedOut: Readonly<Partial<Record<MessageChannel, boolean>>>;
  hasMarketingConsent: boolean;
  /** A 4-5 star review has been matched to this patient. */
  hasPositiveReview: boolean;
  /**
   * A clinical red-flag case of the patient is open: automated messages pause (a "we hope you are
   * recovering well" to someone who reported bleeding). Left out: false.
   */
  clinicalCaseOpen?: boolean;
};

export type PlanClinic = {
  timeZone: string;
  defaultLanguage: MessageLanguage;
  config: Pick<
    AutomationConfig,
    | 'whatsappEnabled'
    | 'smsEnabled'
    | 'defaultChannel'
    | 'followupSchedule'
    | 'crosssellEnabled'
    | 'crosssellDelayDays'
    | 'quietHours'
  >;
};

/** A message already in the outbox (queued, sent or failed) or sent by hand: any kind. */
export type ExistingMessage = {
  patientId: string;
  kind: string;
  scheduleDay: number | null;
  /** When it was sent, or is planned to be. */
  at: Date;
};

export const deferReasons = ['quiet_hours', 'daily_cap'] as const;
export type DeferReason = (typeof deferReasons)[number];

export type PlannedSend = {
  /** Unique per (patient, kind, day): the outbox's unique key, so planning twice stores once. */
  dedupeKey: string;
  patientId: string;
  kind: PlannedMessageKind;
  /** Days after the procedure: the schedule day, or the cross-sell delay. */
  scheduleDay: number;
  channel: MessageChannel;
  /** Where a failed WhatsApp send goes next; null when there is no second channel. */
  fallbackChannel: MessageChannel | null;
  sendAt: Date;
  /** The clinic-local date the message goes out on. */
  localDate: string;
  language: MessageLanguage;
  isMarketing: boolean;
  /** Why `sendAt` is later than the message was due (empty when it is not). */
  deferredFor: DeferReason[];
};

export const skipReasons = [
  'no_phone',
  'no_channel',
  'opted_out',
  'no_marketing_consent',
  'clinical_case_open',
] as const;
export type SkipReason = (typeof skipReasons)[number];

/** A message that is due but may not be sent. */
export type SkippedSend = {
  dedupeKey: string;
  patientId: string;
  kind: PlannedMessageKind;
  scheduleDay: number;
  reason: SkipReason;
};

export type FollowUpPlan = { sends: PlannedSend[]; skipped: SkippedSend[] };

export function messageDedupeKey(patientId: string, kind: PlannedMessageKind, scheduleDay: number): string {
  return `${patientId}:${kind}:${scheduleDay}`;
}

export type ChannelChoice =
  | { ok: true; channel: MessageChannel; fallbackChannel: MessageChannel | null }
  | { ok: false; reason: SkipReason };

/**
 * The clinic's default channel when the patient can get it, else the other one; a WhatsApp send
 * falls back to SMS when SMS is on and the patient has not opted out of it (never the other way:
 * WhatsApp free text needs the patient to have written first).
 */
export function chooseChannel(
  config: Pick<AutomationConfig, 'whatsappEnabled' | 'smsEnabled' | 'defaultChannel'>,
  patient: Pick<PlanPatient, 'hasPhone' | 'optedOut'>,
): ChannelChoice {
  const isOn: Record<MessageChannel, boolean> = { sms: config.smsEnabled, whatsapp: config.whatsappEnabled };
  if (!isOn.sms && !isOn.whatsapp) return { ok: false, reason: 'no_channel' };
  if (!patient.hasPhone) return { ok: false, reason: 'no_phone' };
  const canUse = (channel: MessageChannel) => isOn[channel] && patient.optedOut[channel] !== true;
  const other = messageChannels.find((channel) => channel !== config.defaultChannel) ?? 'sms';
  const channel = canUse(config.defaultChannel) ? config.defaultChannel : canUse(other) ? other : null;
  if (channel === null) return { ok: false, reason: 'opted_out' };
  return { ok: true, channel, fallbackChannel: channel === 'whatsapp' && canUse('sms') ? 'sms' : null };
}

type Candidate = { kind: PlannedMessageKind; scheduleDay: number; dueDay: number };

const candidateOf = (patientId: string, { kind, scheduleDay }: Candidate) => ({
  patientId,
  kind,
  scheduleDay,
});

function procedureDayOf(value: PlanPatient['procedureDate'], timeZone: string): number | null {
  if (value === null) return null;
  if (typeof value === 'string') return dayFromIsoDate(value);
  return Number.isNaN(value.getTime()) ? null : localDayOf(value, timeZone);
}

function languageOf(patient: PlanPatient, fallback: MessageLanguage): MessageLanguage {
  return messageLanguages.find((language) => language === patient.language) ?? fallback;
}

export type PlanFollowUpsInput = {
  clinic: PlanClinic;
  patients: Iterable<PlanPatient>;
  existing: Iterable<ExistingMessage>;
  now: Date;
};

/**
 * The follow-ups and cross-sells due now for a clinic's patients.
 * - Follow-up: on procedure date + each schedule day switched on; only the latest day due, and at
 *   most `followUpCatchUpDays` late.
 * - Cross-sell (marketing): procedure date + the delay, after a 4-5 star review by the patient,
 *   only with marketing consent, once per patient whatever the delay was when it went out.
 * - Each (patient, kind, day) once: nothing already in `existing` is planned again.
 * - Nothing while a clinical case of the patient is open (skipped: the sequence goes on with the
 *   next day due once the case is resolved).
 * - Sent inside the quiet-hours window in the clinic's time zone, else at its next opening; at most
 *   one message per patient per local day (follow-ups take the earlier day over cross-sells).
 */
export function planFollowUps({ clinic, patients, existing, now }: PlanFollowUpsInput): FollowUpPlan {
  const { config, timeZone } = clinic;
  const sendFrom = minutesOfDay(config.quietHours.sendFrom);
  const sendUntil = minutesOfDay(config.quietHours.sendUntil);
  const scheduleDaysDescending = enabledFollowUpDays(config.followupSchedule).reverse();
  const nowMs = now.getTime();
  const today = localDayOf(nowMs, timeZone);

  const existingByPatient = new Map<string, ExistingMessage[]>();
  for (const message of existing) {
    const list = existingByPatient.get(message.patientId);
    if (list) list.push(message);
    else existingByPatient.set(message.patientId, [message]);
  }
  const windowOpens = new Map<number, number>();
  const openingOf = (day: number) => {
    let opening = windowOpens.get(day);
    if (opening === undefined) {
      opening = instantAtLocal(day, sendFrom, timeZone);
      windowOpens.set(day, opening);
    }
    return opening;
  };

  const sends: PlannedSend[] = [];
  const skipped: SkippedSend[] = [];

  for (const patient of patients) {
    const procedureDay = procedureDayOf(patient.procedureDate, timeZone);
    if (procedureDay === null || procedureDay > today) continue;
    const history = existingByPatient.get(patient.id) ?? [];
    const has = (kind: PlannedMessageKind, day?: number) =>
      history.some((m) => m.kind === kind && (day === undefined || m.scheduleDay === day));

    const candidates: Candidate[] = [];
    const latestDue = scheduleDaysDescending.find((day) => procedureDay + day <= today);
    if (
      latestDue !== undefined &&
      today - (procedureDay + latestDue) <= followUpCatchUpDays &&
      !has('followup', latestDue)
    ) {
      candidates.push({ kind: 'followup', scheduleDay: latestDue, dueDay: procedureDay + latestDue });
    }
    const delay = config.crosssellDelayDays;
    if (
      config.crosssellEnabled &&
      patient.hasPositiveReview &&
      procedureDay + delay <= today &&
      !has('crosssell')
    ) {
      candidates.push({ kind: 'crosssell', scheduleDay: delay, dueDay: procedureDay + delay });
    }
    if (candidates.length === 0) continue;

    const channel = chooseChannel(config, patient);
    const usedDays = new Set(history.map((m) => localDayOf(m.at, timeZone)));
    for (const candidate of candidates) {
      const dedupeKey = messageDedupeKey(patient.id, candidate.kind, candidate.scheduleDay);
      const isMarketing = candidate.kind === 'crosssell';
      const choice: ChannelChoice = patient.clinicalCaseOpen
        ? { ok: false, reason: 'clinical_case_open' }
        : channel.ok && isMarketing && !patient.hasMarketingConsent
          ? { ok: false, reason: 'no_marketing_consent' }
          : channel;
      if (!choice.ok) {
        skipped.push({ ...candidateOf(patient.id, candidate), dedupeKey, reason: choice.reason });
        continue;
      }

      const deferredFor: DeferReason[] = [];
      let sendAt = Math.max(nowMs, openingOf(candidate.dueDay));
      let day = localDayOf(sendAt, timeZone);
      const minutes = localMinutesOf(sendAt, timeZone);
      if (minutes < sendFrom) {
        sendAt = openingOf(day);
        deferredFor.push('quiet_hours');
      } else if (minutes >= sendUntil) {
        day += 1;
        sendAt = openingOf(day);
        deferredFor.push('quiet_hours');
      }
      if (usedDays.has(day)) {
        deferredFor.push('daily_cap');
        while (usedDays.has(day)) day += 1;
        sendAt = openingOf(day);
      }
      usedDays.add(day);
      sends.push({
        dedupeKey,
        patientId: patient.id,
        kind: candidate.kind,
        scheduleDay: candidate.scheduleDay,
        channel: choice.channel,
        fallbackChannel: choice.fallbackChannel,
        sendAt: new Date(sendAt),
        localDate: isoDateOfDay(day),
        language: languageOf(patient, clinic.defaultLanguage),
        isMarketing,
        deferredFor,
      });
    }
  }
  return { sends, skipped };
}
