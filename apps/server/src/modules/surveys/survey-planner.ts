import { type MessageLanguage, messageLanguages } from '@careloop/domain/messaging/follow-up-plan';
import { getPlanFeatures } from '@careloop/domain/plans';
import { planSurveys, surveyCatchUpDays, surveyOptOuts } from '@careloop/domain/surveys/survey-plan';
import { surveySettingsSchema } from '@careloop/domain/surveys/survey-settings';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../lib/ids';
import { toAutomationConfig } from '../automation/automation.service';
import { getChannelReadiness } from '../settings/settings.service';
import {
  findSurveyClinic,
  findSurveyPlanningMessages,
  findSurveyPlanningPatients,
  insertPlannedSurvey,
  listClinicIdsWithSurveysOn,
  type SurveyClinicRow,
} from './survey-planning.repository';

// The survey planner: each clinic's due surveys (the domain's `planSurveys`) written into the outbox
// as kind 'survey', one per patient and procedure, with the survey request they carry. The outbox
// then sends them as it sends follow-ups (quiet hours, one message a day, back-off, exactly once).

type Deps = Pick<AppDeps, 'db' | 'surveyLinkTokens'>;

const dayMs = 86_400_000;
const batchSize = 2000;

export type SurveyPlanResult = { clinicId: string; planned: number; skipped: number; patients: number };

const languageOf = (value: string): MessageLanguage =>
  messageLanguages.find((language) => language === value) ?? 'en';

/** The survey settings a clinic saved, when its plan includes surveys and they are on; else null. */
function activeSettings(clinic: SurveyClinicRow) {
  if (!getPlanFeatures(clinic.subscriptionTier).hasAutoSurveys || !clinic.settings?.enabled) return null;
  const parsed = surveySettingsSchema.safeParse({
    enabled: clinic.settings.enabled,
    dayAfterProcedure: clinic.settings.dayAfterProcedure,
    channel: clinic.settings.channel,
  });
  return parsed.success ? parsed.data : null;
}

async function isChannelReady(deps: Deps, clinicId: string, channel: 'sms' | 'whatsapp' | 'email') {
  // E-mail goes over the product's own mailer; SMS and WhatsApp need the clinic's credentials.
  if (channel === 'email') return true;
  return (await getChannelReadiness(deps, clinicId))[channel];
}

/**
 * Plans one clinic's due surveys at `now`; nothing when its plan or its settings leave surveys off.
 * On the real clock (the job) a clinic on the sandbox clock is left to its sandbox runs, which plan
 * at instants of their own (`clock: 'sandbox'`).
 */
export async function planClinicSurveys(
  deps: Deps,
  clinicId: string,
  now: Date,
  options: { clock: 'real' | 'sandbox' } = { clock: 'real' },
): Promise<SurveyPlanResult> {
  const result: SurveyPlanResult = { clinicId, planned: 0, skipped: 0, patients: 0 };
  const clinic = await findSurveyClinic(deps.db, clinicId);
  const settings = clinic ? activeSettings(clinic) : null;
  if (!clinic || !settings || (options.clock === 'real' && clinic.sandboxClock)) return result;
  const planClinic = {
    timeZone: clinic.timeZone,
    defaultLanguage: languageOf(clinic.defaultLanguage),
    quietHours: toAutomationConfig(clinic.config).quietHours,
    settings,
    channelReady: await isChannelReady(deps, clinicId, settings.channel),
  };
  // The survey day, its catch-up and a day either side for time zones.
  const since = new Date(now.getTime() - (settings.dayAfterProcedure + surveyCatchUpDays + 1) * dayMs);
  const until = new Date(now.getTime() - (settings.dayAfterProcedure - 1) * dayMs);
  // The one-a-day rule looks at messages from yesterday on (planned ones may lie ahead).
  const busySince = new Date(now.getTime() - 2 * dayMs);

  let afterId: string | null = null;
  for (;;) {
    const batch = await findSurveyPlanningPatients(deps.db, clinicId, {
      afterId,
      limit: batchSize,
      since,
      until,
      timeZone: clinic.timeZone,
    });
    if (batch.length === 0) break;
    afterId = batch.at(-1)?.id ?? null;
    result.patients += batch.length;
    const messages = await findSurveyPlanningMessages(
      deps.db,
      clinicId,
      batch.map((p) => p.id),
      busySince,
    );
    const alreadyPlanned = new Set<string>();
    const busyDays = new Map<string, Set<string>>();
    for (const message of messages) {
      if (message.kind === 'survey' && message.dedupeKey) alreadyPlanned.add(message.dedupeKey);
      else if (!message.failed && message.sendDate) {
        const days = busyDays.get(message.patientId) ?? new Set<string>();
        days.add(message.sendDate);
        busyDays.set(message.patientId, days);
      }
    }
    // As with follow-ups: no "how likely are you to recommend us?" while a clinical case is open.
    const eligible = batch.filter((p) => !p.clinicalCaseOpen);
    const byId = new Map(eligible.map((p) => [p.id, p]));
    const plan = planSurveys({
      clinic: planClinic,
      patients: eligible.map((p) => ({
        id: p.id,
        procedure: p.procedure,
        procedureDate: p.procedureDate,
        language: p.language,
        hasPhone: p.hasPhone,
        hasEmail: p.hasEmail,
        optedOut: surveyOptOuts(p),
      })),
      alreadyPlanned,
      busyDays,
      now,
    });
    result.skipped += plan.skipped.length;
    for (const send of plan.sends) {
      const patient = byId.get(send.patientId)!;
      const id = newId('msg');
      const inserted = await deps.db.transaction((tx) =>
        insertPlannedSurvey(tx, clinicId, {
          id,
          patientId: send.patientId,
          procedure: patient.procedure,
          procedureAt: patient.procedureAt,
          channel: send.channel,
          language: send.language,
          tokenHash: deps.surveyLinkTokens.hashFor(id),
          dedupeKey: send.dedupeKey,
          scheduledAt: send.sendAt,
          sendDate: send.localDate,
        }),
      );
      if (inserted) result.planned += 1;
    }
    if (batch.length < batchSize) break;
  }
  return result;
}

/** Clinics the real-time planner serves: surveys on, not on the sandbox clock. */
export function listClinicsWithSurveysOn(deps: Pick<AppDeps, 'db'>): Promise<string[]> {
  return listClinicIdsWithSurveysOn(deps.db);
}
