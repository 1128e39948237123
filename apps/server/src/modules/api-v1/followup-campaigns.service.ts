import type { V1Campaign } from '@careloop/contracts/api-v1';
import { chooseChannel } from '@careloop/domain/messaging/follow-up-plan';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ClinicContext } from '../../plugins/request-context';
import { planPatientFollowUps } from '../automation/followup-planner';
import {
  findCampaign,
  findCampaignPatient,
  insertCampaign,
  listFollowUpMessages,
} from './followup-campaigns.repository';

type Deps = Pick<AppDeps, 'db'>;

type CampaignRow = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

/** A campaign with the patient's follow-up messages as the outbox holds them now. */
async function toV1Campaign(deps: Deps, clinicId: string, row: CampaignRow): Promise<V1Campaign> {
  const messages = await listFollowUpMessages(deps.db, clinicId, row.patientId);
  // Rows are written only from the API's values (startFollowUpCampaign); check constraints hold the
  // campaign status and the messages' channel and delivery status to them as well.
  return {
    id: row.id,
    patient_id: row.patientId,
    status: row.status as V1Campaign['status'],
    reason: row.reason as V1Campaign['reason'],
    channel: row.channel as V1Campaign['channel'],
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

/** A campaign started earlier (`GET /api/v1/followups/:id`): its status and where its messages stand. */
export async function getFollowUpCampaign(deps: Deps, ctx: ClinicContext, id: string): Promise<V1Campaign> {
  const row = await findCampaign(deps.db, ctx.clinicId, id);
  if (!row) throw notFound('Follow-up');
  return toV1Campaign(deps, ctx.clinicId, row);
}

/**
 * Starts a patient's follow-up sequence (`POST /api/v1/followups`): the follow-up planner plans what is
 * due now, through the same consent, opt-out, quiet-hours and daily-cap rules as the scheduled job,
 * and the later days follow on the clinic's schedule. The campaign says whether the sequence can send
 * (scheduled) or not and why (blocked: no channel switched on with credentials, no phone, opted out of
 * every usable channel, no procedure date to count the days from).
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
  const choice = chooseChannel(planned.config, {
    hasPhone: patient.hasPhone,
    optedOut: { sms: patient.smsOptedOut, whatsapp: patient.whatsappOptedOut },
  });
  const reason = !choice.ok ? choice.reason : patient.hasProcedureDate ? null : 'no_procedure_date';
  const row = await insertCampaign(deps.db, {
    clinicId: ctx.clinicId,
    id: newId('cmp'),
    patientId: patient.id,
    status: reason === null ? 'scheduled' : 'blocked',
    reason,
    channel: choice.ok ? choice.channel : null,
    apiClientId: input.apiClientId,
    createdAt: now,
  });
  return toV1Campaign(deps, ctx.clinicId, row);
}
