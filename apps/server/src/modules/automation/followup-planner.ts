import {
  type AutomationConfig,
  enabledFollowUpDays,
  followUpScheduleDays,
} from '@careloop/domain/messaging/automation-config';
import {
  followUpCatchUpDays,
  type MessageLanguage,
  messageLanguages,
  type PlanClinic,
  planFollowUps,
  type SkippedSend,
} from '@careloop/domain/messaging/follow-up-plan';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../lib/ids';
import { getChannelReadiness } from '../settings/settings.service';
import {
  type ClinicAutomationRow,
  findClinicAutomation,
  findExistingMessages,
  findPatientsWithOpenClinicalCase,
  findPatientsWithPositiveReview,
  findPlanningPatients,
  insertPlannedMessages,
  listClinicsWithAutomationOn,
  takeClinicPlanningLock,
} from './automation.repository';
import { toAutomationConfig } from './automation.service';

// The scheduler's planning half: every due follow-up and cross-sell is
// written into the outbox (patient_communications, status 'queued') exactly once per patient,
// kind and day; the sending jobs pick them up at their scheduled time.

type Deps = Pick<AppDeps, 'db'>;

const dayMs = 86_400_000;
const defaultPlanningBatchSize = 5000;

export type ClinicPlanResult = { clinicId: string; planned: number; skipped: number; patients: number };

function languageOf(value: string): MessageLanguage {
  return messageLanguages.find((language) => language === value) ?? 'en';
}

/**
 * The channels that can send: switched on in the settings and with their credentials and sender
 * saved. A switch on without credentials would only fill the outbox with failures. The configuration
 * is the row the caller read, not read again.
 */
async function sendableConfig(deps: Deps, clinic: ClinicAutomationRow) {
  const config = toAutomationConfig(clinic.config);
  const readiness = await getChannelReadiness(deps, clinic.clinicId, clinic.config);
  return {
    ...config,
    smsEnabled: config.smsEnabled && readiness.sms,
    whatsappEnabled: config.whatsappEnabled && readiness.whatsapp,
  };
}

/** Plans one clinic's due messages, in batches of patients, under the clinic's planning lock. */
export async function planClinicFollowUps(
  deps: Deps,
  clinic: ClinicAutomationRow,
  options: {
    now: Date;
    batchSize?: number;
    onlyPatientId?: string;
    /** The sendable configuration when the caller has worked it out already. */
    config?: AutomationConfig;
    /** Told the due messages that may not be sent, and why. */
    onSkipped?: (skipped: SkippedSend[]) => void;
  },
): Promise<ClinicPlanResult> {
  const { now } = options;
  const batchSize = options.batchSize ?? defaultPlanningBatchSize;
  const config = options.config ?? (await sendableConfig(deps, clinic));
  const result: ClinicPlanResult = { clinicId: clinic.clinicId, planned: 0, skipped: 0, patients: 0 };
  if (!config.smsEnabled && !config.whatsappEnabled) return result;

  const planClinic: PlanClinic = {
    timeZone: clinic.timeZone,
    defaultLanguage: languageOf(clinic.defaultLanguage),
    config,
  };
  // The latest schedule day switched on, plus the catch-up and a day either side for time zones.
  const followUpDays = enabledFollowUpDays(config.followupSchedule);
  const longestFollowUp = followUpDays.at(-1) ?? followUpScheduleDays[0];
  const recentSince = new Date(now.getTime() - (longestFollowUp + followUpCatchUpDays + 2) * dayMs);
  const crossSellBefore = config.crosssellEnabled
    ? new Date(now.getTime() - (config.crosssellDelayDays - 1) * dayMs)
    : null;
  // The one-a-day cap looks at messages from yesterday on (planned ones may lie ahead).
  const capSince = new Date(now.getTime() - 2 * dayMs);

  return deps.db.transaction(async (tx) => {
    await takeClinicPlanningLock(tx, clinic.clinicId);
    const positiveReview = config.crosssellEnabled
      ? await findPatientsWithPositiveReview(tx, clinic.clinicId)
      : new Set<string>();
    const clinicalCaseOpen = await findPatientsWithOpenClinicalCase(tx, clinic.clinicId);
    let afterId: string | null = null;
    for (;;) {
      const batch = await findPlanningPatients(tx, clinic.clinicId, {
        afterId,
        onlyPatientId: options.onlyPatientId,
        limit: batchSize,
        now,
        recentSince,
        crossSellBefore,
        timeZone: clinic.timeZone,
      });
      if (batch.length === 0) break;
      afterId = batch.at(-1)?.id ?? null;
      result.patients += batch.length;
      const existing = await findExistingMessages(
        tx,
        clinic.clinicId,
        batch.map((p) => p.id),
        capSince,
      );
      const plan = planFollowUps({
        clinic: planClinic,
        patients: batch.map((p) => ({
          id: p.id,
          procedureDate: p.procedureDate,
          language: p.language,
          hasPhone: p.hasPhone,
          optedOut: { sms: p.smsOptedOut, whatsapp: p.whatsappOptedOut },
          hasMarketingConsent: p.hasMarketingConsent,
          hasPositiveReview: positiveReview.has(p.id),
          clinicalCaseOpen: clinicalCaseOpen.has(p.id),
        })),
        existing,
        now,
      });
      result.skipped += plan.skipped.length;
      options.onSkipped?.(plan.skipped);
      result.planned += await insertPlannedMessages(
        tx,
        clinic.clinicId,
        plan.sends.map((send) => ({
          id: newId('msg'),
          patientId: send.patientId,
          channel: send.channel,
          fallbackChannel: send.fallbackChannel,
          kind: send.kind,
          scheduleDay: send.scheduleDay,
          dedupeKey: send.dedupeKey,
          scheduledAt: send.sendAt,
          sendDate: send.localDate,
          language: send.language,
          isMarketing: send.isMarketing,
        })),
      );
      if (batch.length < batchSize) break;
    }
    return result;
  });
}

/** Plans one clinic by id as the job would at `now` (the sandbox's clock); nothing for an unknown clinic. */
export async function planClinicFollowUpsAt(deps: Deps, clinicId: string, now: Date) {
  const clinic = await findClinicAutomation(deps.db, clinicId);
  return clinic
    ? planClinicFollowUps(deps, clinic, { now })
    : { clinicId, planned: 0, skipped: 0, patients: 0 };
}

/**
 * Plans one patient's due messages now, as the job would (the public API's "start a follow-up
 * sequence"), and answers those it may not send (and why) and the clinic's settings with the
 * channels that can send; null for an unknown clinic.
 */
export async function planPatientFollowUps(deps: Deps, clinicId: string, patientId: string, now: Date) {
  const clinic = await findClinicAutomation(deps.db, clinicId);
  if (!clinic) return null;
  const config = await sendableConfig(deps, clinic);
  const skipped: SkippedSend[] = [];
  const result = await planClinicFollowUps(deps, clinic, {
    now,
    onlyPatientId: patientId,
    config,
    onSkipped: (more) => skipped.push(...more),
  });
  return { planned: result.planned, skipped, config, timeZone: clinic.timeZone };
}

/** The clinic's settings as the planner reads them (channels that can send) and its time zone; null for an unknown clinic. */
export async function followUpSettings(deps: Deps, clinicId: string) {
  const clinic = await findClinicAutomation(deps.db, clinicId);
  if (!clinic) return null;
  return { config: await sendableConfig(deps, clinic), timeZone: clinic.timeZone };
}

/** The clinics the real-time planner plans: automation on, not on the sandbox clock. */
export async function listClinicsToPlan(deps: Deps): Promise<string[]> {
  return (await listClinicsWithAutomationOn(deps.db)).map((clinic) => clinic.clinicId);
}

/**
 * Plans one clinic now, as its job of the 15-minute run: its configuration read once. A clinic that
 * has since moved to the sandbox clock, or is gone, is left alone.
 */
export async function planClinicFollowUpsNow(
  deps: Deps,
  clinicId: string,
  options: { now: Date; batchSize?: number },
): Promise<ClinicPlanResult> {
  const clinic = await findClinicAutomation(deps.db, clinicId);
  if (!clinic || clinic.sandboxClock) return { clinicId, planned: 0, skipped: 0, patients: 0 };
  return planClinicFollowUps(deps, clinic, options);
}
