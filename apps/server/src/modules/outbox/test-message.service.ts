import {
  type SendTestMessageBody,
  type SendTestMessageResponse,
  testMessageMessages,
} from '@careloop/contracts/outbox';
import type { MessageChannel } from '@careloop/domain/cost-calculator';
import { normalizePhone } from '@careloop/domain/patient';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { insertClaimedTestMessage } from './outbox.repository';
import { sendClaimedMessage } from './outbox.service';
import type { SentSource } from './send-options';
import {
  type ContextCache,
  type Deps,
  type Log,
  languageFor,
  sendingContext,
  usableChannels,
} from './sending-context';
import { findMessage, findMessagePatient } from './sending-lookups.repository';

const channelNames: Record<MessageChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

/**
 * Test Messaging (spec 2 §2): one message of kind 'test' through the same path as the automated
 * ones (same text writer, check, consent and opt-outs, provider clients and WhatsApp -> SMS
 * fallback), sent now to the phone typed in the form. Refusals (another clinic, no such patient,
 * channel not set up, opted out, no marketing consent) store nothing; a send that fails is stored
 * 'failed' with the provider's reason and answers 502 'Failed to send follow-up message'.
 */
export async function sendTestMessage(
  deps: Deps & { log?: Log },
  ctx: Pick<ClinicContext, 'clinicId' | 'userId'>,
  body: SendTestMessageBody,
): Promise<SendTestMessageResponse> {
  if (body.clinicId !== ctx.clinicId) throw notFound('Clinic');
  const patient = await findMessagePatient(deps.db, ctx.clinicId, body.patientId);
  if (!patient) throw notFound('Patient');
  const phone = normalizePhone(body.patientPhone) ?? '';
  const cache: ContextCache = new Map();
  const context = await sendingContext(deps, cache, ctx.clinicId);
  if (!context) throw notFound('Clinic');
  const channel = body.preferredChannel;
  const usable = usableChannels(context, true);
  if (!(channel === 'sms' ? usable.smsEnabled : usable.whatsappEnabled)) {
    throw badRequest(`${channelNames[channel]} is not set up for this clinic`, [
      { field: 'preferredChannel', message: `${channelNames[channel]} is not set up for this clinic` },
    ]);
  }
  const optedOut = channel === 'sms' ? patient.smsOptedOut : patient.whatsappOptedOut;
  if (optedOut) throw conflict(`The patient opted out of ${channelNames[channel]} messages`);
  if (body.messageType === 'crosssell' && !patient.hasMarketingConsent)
    throw conflict('The patient has not consented to marketing messages');

  const now = () => new Date();
  const claimed = await insertClaimedTestMessage(deps.db, ctx.clinicId, {
    id: newId('msg'),
    patientId: body.patientId,
    channel,
    fallbackChannel: channel === 'whatsapp' && usable.smsEnabled && !patient.smsOptedOut ? 'sms' : null,
    language: languageFor({ language: null }, patient, context.clinic),
    isMarketing: body.messageType === 'crosssell',
    now: now(),
  });
  const report: { source?: SentSource } = {};
  const outcome = await sendClaimedMessage(deps, cache, claimed, {
    now,
    retryLater: false,
    report,
    test: {
      messageType: body.messageType,
      treatment: body.treatmentType,
      daysAfterTreatment: body.daysAfterTreatment,
      phone,
    },
  });
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'automation_test_message_sent',
    context: { messageId: claimed.id, channel, messageType: body.messageType },
  });
  const row = await findMessage(deps.db, ctx.clinicId, claimed.id);
  // The provider's status callback may already have moved it on (delivered) when it is read here.
  if (outcome !== 'sent' || !row?.providerMessageId) {
    throw new AppError(502, 'INTERNAL', testMessageMessages.failed.message, {
      messageId: claimed.id,
      reason: row?.providerError ?? null,
    });
  }
  const usedChannel = row.channel === 'whatsapp' ? 'whatsapp' : 'sms';
  return {
    success: true,
    message:
      report.source === 'whatsapp_template'
        ? testMessageMessages.templateSent.message
        : testMessageMessages.sent.message.replace('{channel}', usedChannel),
    channel: usedChannel,
    generatedMessage: row.messageContent,
    source: report.source ?? 'template',
    messageId: row.id,
    providerMessageId: row.providerMessageId,
    deliveryStatus: row.deliveryStatus,
  };
}
