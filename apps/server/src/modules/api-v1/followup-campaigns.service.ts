import type { V1Campaign } from '@careloop/contracts/api-v1';
import { type AutomationConfig, enabledFollowUpDays } from '@careloop/domain/messaging/automation-config';
import { localDayOf } from '@careloop/domain/messaging/clinic-time';
import { chooseChannel, type SkippedSend } from '@careloop/domain/messaging/follow-up-plan';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ClinicContext } from '../../plugins/request-context';
import { followUpSettings, planPatientFollowUps } from '../automation/followup-planner';
import {
  type CampaignPatientRow,
  findCampaign,
  findCampaignPatient,
  insertCampaign,
  listFollowUpMessages,
} from './followup-campaigns.repository';

type Deps = Pick<AppDeps, 'db'>;

type CampaignRow = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;
type FollowUpMessage = Awaited<ReturnType<typeof listFollowUpMessages>>[number];
type CampaignState = Pick<V1Campaign, 'status' | 'reason' | 'channel'>;

/** Messages the outbox has yet to send (the sender still holds them to the pause and opt-out rules). */
const pendingStatuses = new Set(['queued', 'sending']);
const sentStatuses = new Set(['sent', 'delivered', 'read']);

/**
 * Whether the patient's sequence can send, and why not: no channel reaches the patient, the planner
 * held back the day due now (a clinical case), no procedure date, a clinical case open (the rule the
 * planner and the sender apply to the days ahead), or nothing queued and no follow-up day ahead (all
 * switched off, or all past for the procedure date).
 */
function campaignState(input: {
  config: AutomationConfig;
  timeZone: string;
  patient: CampaignPatientRow;
  messages: FollowUpMessage[];
  /** What the planner skipped for this patient just now (starting the sequence); none when only read. */
  skipped: SkippedSend[];
  now: Date;
}): CampaignState {
  const { config, patient } = input;
  const choice = chooseChannel(config, {
    hasPhone: patient.hasPhone,
    optedOut: { sms: patient.smsOptedOut, whatsapp: patient.whatsappOptedOut },
  });
  if (!choice.ok) return { status: 'blocked', reason: choice.reason, channel: null };
  const blocked = (reason: NonNullable<V1Campaign['reason']>): CampaignState => ({
    status: 'blocked',
    reason,
    channel: choice.channel,
  });
  // Cross-sells are not part of the sequence: a marketing message held back leaves it as it is.
  const skippedFollowUp = input.skipped.find((skip) => skip.kind === 'followup');
  if (skippedFollowUp) return blocked(skippedFollowUp.reason);
  if (patient.procedureDate === null) return blocked('no_procedure_date');
  if (patient.clinicalCaseOpen) return blocked('clinical_case_open');
  if (!input.messages.some((message) => pendingStatuses.has(message.status))) {
    const days = enabledFollowUpDays(config.followupSchedule);
    if (days.length === 0) return blocked('no_followup_days');
    const procedureDay = localDayOf(patient.procedureDate, input.timeZone);
    const today = localDayOf(input.now, input.timeZone);
    if (!days.some((day) => procedureDay + day > today)) {
      // A sequence that sent its days has ended; one that sent nothing was never going to.
      const sentAny = input.messages.some((message) => sentStatuses.has(message.status));
      return sentAny
        ? { status: 'completed', reason: null, channel: choice.channel }
        : blocked('followup_days_past');
    }
  }
  return { status: 'scheduled', reason: null, channel: choice.channel };
}

function toV1Campaign(row: CampaignRow, state: CampaignState, messages: FollowUpMessage[]): V1Campaign {
  // Rows are written only from the API's values (startFollowUpCampaign); check constraints hold the
  // messages' channel and delivery status to them as well.
  return {
    id: row.id,
    patient_id: row.patientId,
    ...state,
    messages: messages.map((message) => ({
      id: message.id,
      channel: message.channel as V1Campaign['messages'][number]['channel'],
      status: message.status as V1Campaign['messages'][number]['status'],
      schedule_day: message.scheduleDay,
      scheduled_at: message.scheduledAt?.toISOString() ?? null,
    })),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A campaign started earlier (`GET /api/v1/followups/:id`): where its messages stand and whether it
 * can send, both now (an opt-out, a clinical case or the last day passing since the start shows).
 */
export async function getFollowUpCampaign(deps: Deps, ctx: ClinicContext, id: string): Promise<V1Campaign> {
  const row = await findCampaign(deps.db, ctx.clinicId, id);
  if (!row) throw notFound('Follow-up');
  const [patient, settings, messages] = await Promise.all([
    findCampaignPatient(deps.db, ctx.clinicId, row.patientId),
    followUpSettings(deps, ctx.clinicId),
    listFollowUpMessages(deps.db, ctx.clinicId, row.patientId),
  ]);
  // The patient's and the clinic's rows go with the campaign's (foreign keys, cascading deletes).
  if (!patient || !settings) throw notFound('Follow-up');
  const state = campaignState({ ...settings, patient, messages, skipped: [], now: new Date() });
  return toV1Campaign(row, state, messages);
}

/**
 * Starts a patient's follow-up sequence (`POST /api/v1/followups`): the follow-up planner plans what is
 * due now, through the same consent, opt-out, clinical-case, quiet-hours and daily-cap rules as the
 * scheduled job, and the later days follow on the clinic's schedule. The campaign says whether the
 * sequence can send (scheduled) or not and why (blocked: see campaignState), as the planner left it.
 */
export async function startFollowUpCampaign(
  deps: Deps,
  ctx: ClinicContext,
  input: { patientId: string; apiClientId: string | null },
): Promise<V1Campaign> {
  const patient = await findCampaignPatient(deps.db, ctx.clinicId, input.patientId);
  if (!patient) throw notFound('Patient');
  const now = new Date();
  const planned = await planPatientFollowUps(deps, ctx.clinicId, patient.id, now);
  if (!planned) throw notFound('Clinic');
  const messages = await listFollowUpMessages(deps.db, ctx.clinicId, patient.id);
  const state = campaignState({
    config: planned.config,
    timeZone: planned.timeZone,
    patient,
    messages,
    skipped: planned.skipped.filter((skip) => skip.patientId === patient.id),
    now,
  });
  const row = await insertCampaign(deps.db, {
    clinicId: ctx.clinicId,
    id: newId('cmp'),
    patientId: patient.id,
    // The table keeps what the start decided, scheduled or not; a read works out completed.
    status: state.status === 'completed' ? 'scheduled' : state.status,
    reason: state.reason,
    channel: state.channel,
    apiClientId: input.apiClientId,
    createdAt: now,
  });
  return toV1Campaign(row, state, messages);
}
