import { minutesOfDay, type QuietHours } from '../messaging/automation-config';
import {
  dayFromIsoDate,
  instantAtLocal,
  isoDateOfDay,
  localDayOf,
  localMinutesOf,
} from '../messaging/clinic-time';
import { type MessageLanguage, messageLanguages } from '../messaging/follow-up-plan';
import type { SurveyChannel, SurveySettings } from './survey-settings';

// Which patient surveys are due. Pure, like the follow-up plan: the planner loads the patients,
// the settings and what is already in the outbox, and writes what this answers.

/** How many days late a survey may still go out (after an outage); later, "how was it?" reads wrong. */
export const surveyCatchUpDays = 2;

export type SurveyPlanPatient = {
  id: string;
  /** The procedure as recorded ('' when none). */
  procedure: string;
  /** A 'YYYY-MM-DD' calendar date, or an instant read in the clinic's time zone. */
  procedureDate: string | Date | null;
  language: string | null;
  hasPhone: boolean;
  hasEmail: boolean;
  optedOut: Readonly<Partial<Record<SurveyChannel, boolean>>>;
};

/**
 * The survey channels closed to a patient. A STOP closes its own phone channel; e-mail has no opt-out
 * of its own, and a survey e-mail to a patient who told the clinic to stop writing (on either phone
 * channel) would be written against their wish: it closes with them.
 */
export function surveyOptOuts(patient: {
  smsOptedOut: boolean;
  whatsappOptedOut: boolean;
}): Record<SurveyChannel, boolean> {
  return {
    sms: patient.smsOptedOut,
    whatsapp: patient.whatsappOptedOut,
    email: patient.smsOptedOut || patient.whatsappOptedOut,
  };
}

export type SurveyPlanClinic = {
  timeZone: string;
  defaultLanguage: MessageLanguage;
  quietHours: QuietHours;
  settings: Pick<SurveySettings, 'enabled' | 'dayAfterProcedure' | 'channel'>;
  /** The survey channel has what it needs to send (credentials, sender). */
  channelReady: boolean;
};

export type PlannedSurvey = {
  /** One per patient and procedure: the outbox's dedupe key. */
  dedupeKey: string;
  patientId: string;
  channel: SurveyChannel;
  sendAt: Date;
  localDate: string;
  language: MessageLanguage;
};

export const surveySkipReasons = ['channel_not_ready', 'no_contact', 'opted_out'] as const;
export type SurveySkipReason = (typeof surveySkipReasons)[number];

export type SurveyPlan = {
  sends: PlannedSurvey[];
  skipped: { dedupeKey: string; patientId: string; reason: SurveySkipReason }[];
};

export function surveyDedupeKey(patientId: string, procedure: string, procedureDay: string): string {
  return `${patientId}:survey:${procedure}:${procedureDay}`;
}

function procedureDayOf(value: SurveyPlanPatient['procedureDate'], timeZone: string): number | null {
  if (value === null) return null;
  if (typeof value === 'string') return dayFromIsoDate(value);
  return Number.isNaN(value.getTime()) ? null : localDayOf(value, timeZone);
}

/**
 * The surveys due now: on the procedure's local date + the settings' day (at most
 * `surveyCatchUpDays` late), one per patient and procedure (`alreadyPlanned` holds the dedupe keys
 * in the outbox), in the patient's language or the clinic's, on the settings' channel unless the
 * patient opted out of it, inside the sending window, and never on a local day the patient already
 * gets another message (`busyDays`: 'patientId' to clinic-local 'YYYY-MM-DD' dates).
 */
export function planSurveys(input: {
  clinic: SurveyPlanClinic;
  patients: Iterable<SurveyPlanPatient>;
  alreadyPlanned: ReadonlySet<string>;
  busyDays: ReadonlyMap<string, ReadonlySet<string>>;
  now: Date;
}): SurveyPlan {
  const { clinic, now } = input;
  const plan: SurveyPlan = { sends: [], skipped: [] };
  if (!clinic.settings.enabled) return plan;
  const { timeZone } = clinic;
  const sendFrom = minutesOfDay(clinic.quietHours.sendFrom);
  const sendUntil = minutesOfDay(clinic.quietHours.sendUntil);
  const today = localDayOf(now, timeZone);
  const channel = clinic.settings.channel;

  for (const patient of input.patients) {
    const procedureDay = procedureDayOf(patient.procedureDate, timeZone);
    if (procedureDay === null) continue;
    const dueDay = procedureDay + clinic.settings.dayAfterProcedure;
    if (dueDay > today || today - dueDay > surveyCatchUpDays) continue;
    const dedupeKey = surveyDedupeKey(patient.id, patient.procedure, isoDateOfDay(procedureDay));
    if (input.alreadyPlanned.has(dedupeKey)) continue;

    const hasContact = channel === 'email' ? patient.hasEmail : patient.hasPhone;
    const reason: SurveySkipReason | null = !clinic.channelReady
      ? 'channel_not_ready'
      : !hasContact
        ? 'no_contact'
        : patient.optedOut[channel] === true
          ? 'opted_out'
          : null;
    if (reason) {
      plan.skipped.push({ dedupeKey, patientId: patient.id, reason });
      continue;
    }

    let sendAt = Math.max(now.getTime(), instantAtLocal(dueDay, sendFrom, timeZone));
    let day = localDayOf(sendAt, timeZone);
    const minutes = localMinutesOf(sendAt, timeZone);
    if (minutes >= sendUntil) day += 1;
    if (minutes < sendFrom || minutes >= sendUntil) sendAt = instantAtLocal(day, sendFrom, timeZone);
    const busy = input.busyDays.get(patient.id);
    if (busy?.has(isoDateOfDay(day))) {
      while (busy.has(isoDateOfDay(day))) day += 1;
      sendAt = instantAtLocal(day, sendFrom, timeZone);
    }
    plan.sends.push({
      dedupeKey,
      patientId: patient.id,
      channel,
      sendAt: new Date(sendAt),
      localDate: isoDateOfDay(day),
      language: messageLanguages.find((language) => language === patient.language) ?? clinic.defaultLanguage,
    });
  }
  return plan;
}
