import type { V1Campaign } from '@careloop/contracts/api-v1';
import { chooseChannel } from '@careloop/domain/messaging/follow-up-plan';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ClinicContext } from '../../plugins/request-context';
import { planPatientFollowUps } from '../automation/followup-planner';
import { findCampaignPatient, insertCampaign, listFollowUpMessages } from './followup-campaigns.repository';

type Deps = Pick<AppDeps, 'db'>;

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
  const messages = await listFollowUpMessages(deps.db, ctx.clinicId, patient.id);
  return {
    id: row.id,
    patient_id: row.patientId,
    status: reason === null ? 'scheduled' : 'blocked',
    reason,
    channel: choice.ok ? choice.channel : null,
    messages: messages.map((message) => ({
      id: message.id,
      channel: message.channel,
      status: message.status,
      schedule_day: message.scheduleDay,
      scheduled_at: message.scheduledAt?.toISOString() ?? null,
    })),
    created_at: row.createdAt.toISOString(),
  };
}
