import { caseDueAt } from '@careloop/domain/case-rules';
import type { CaseTitle } from '@careloop/domain/case-title';
import {
  classifyReply,
  type ReplyClassification,
  replySentiment,
} from '@careloop/domain/messaging/reply-classification';
import { newId } from '../../lib/ids';
import { openOrFollowReplyCase } from '../cases/cases.service';
import { messageFailedEvent, messageStatusEvent } from '../webhooks/message-events';
import { emitWebhookEvents } from '../webhooks/webhook-events.service';
import {
  optInPatientAndNumber,
  optOutPatientAndNumber,
  setMarketingConsentByKeyword,
} from './consent.repository';
import {
  marketingOptInConfirmationText,
  marketingOptOutConfirmationText,
  optOutConfirmationText,
  sendConsentConfirmation,
} from './consent-confirmation';
import {
  advanceDeliveryStatus,
  findAnsweredMessageId,
  findPatientByPhone,
  findPatientIdByProviderMessage,
  type InboundChannel,
  type InboundPatient,
  insertAlert,
  insertWebhookLog,
  recordResponse,
  type WebhookProvider,
} from './inbound.repository';
import { recordProviderOptOut } from './provider-opt-out.service';
import type { Deps } from './webhook-clinic';
import type { WebhookClinic } from './webhook-clinic.repository';

// What an inbound message does (its clinic and signature are checked before: webhook-clinic.ts
// and the provider's *-inbound.ts).

type InboundMessage = {
  provider: WebhookProvider;
  channel: InboundChannel;
  providerMessageId: string;
  /** The patient's number, E.164. */
  from: string;
  /** Our number the patient wrote to (the sender of any confirmation). */
  to: string;
  /** Null for media and the like. */
  text: string | null;
  receivedAt: Date;
  quotedProviderMessageId: string | null;
  /** The provider already confirmed this opt-out itself (Twilio's STOP words): we send none. */
  providerConfirmsOptOut: boolean;
};

type Confirmation = { patient: InboundPatient; body: string };

export type InboundOutcome = {
  duplicate: boolean;
  patientId: string | null;
  classification: ReplyClassification | null;
  optedOut: boolean;
  optedIn: boolean;
  /** The reply was the marketing opt-in keyword and recorded consent (source `keyword`). */
  marketingConsentGranted: boolean;
  /** The reply withdrew marketing consent ("stop offers") and it changed. */
  marketingConsentWithdrawn: boolean;
  confirmationSent: boolean;
  alertId: string | null;
  caseId: string | null;
  /** The reply went to the patient's case already open, as a note. */
  caseFollowed: boolean;
};

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What raised the case, worded for each reader when read (domain case-title.ts). */
function alertCaseTitle(
  patient: Pick<InboundPatient, 'name'>,
  classification: ReplyClassification,
): CaseTitle {
  return classification.alert?.kind === 'clinical'
    ? { kind: 'clinical_reply', patientName: patient.name, flags: classification.clinicalFlags }
    : { kind: 'negative_reply', patientName: patient.name };
}

/**
 * The alert and the case of a worrying text from a patient (a reply, or a survey comment): a
 * clinical red flag is urgent, a complaint as bad as it reads. One open case per patient: a later
 * worrying text goes to that case's notes. Run inside the caller's transaction. Null when the text
 * raises no alert.
 */
export async function raiseReplyAlert(
  tx: Deps['db'],
  clinicId: string,
  patient: Pick<InboundPatient, 'id' | 'name'>,
  classification: ReplyClassification,
  text: string,
  now: Date,
): Promise<{ alertId: string | null; caseId: string | null; followed: boolean }> {
  if (!classification.alert) return { alertId: null, caseId: null, followed: false };
  const body = clip(text, 2000);
  const alertId = newId('alr');
  await insertAlert(tx, {
    id: alertId,
    clinicId,
    patientId: patient.id,
    severity: classification.alert.severity,
    kind: classification.alert.kind === 'clinical' ? 'clinical_reply' : 'negative_reply',
    message: body,
    createdAt: now,
  });
  const replyCase = await openOrFollowReplyCase({ db: tx }, clinicId, {
    sourceId: alertId,
    patientId: patient.id,
    title: alertCaseTitle(patient, classification),
    description: body,
    severity: classification.alert.severity,
    dueAt: caseDueAt(now),
    createdAt: now,
  });
  return { alertId, caseId: replyCase.caseId, followed: replyCase.followed };
}

/**
 * Stores one inbound message and acts on it, in one transaction (a redelivery of a message that
 * failed half-way finds nothing stored and starts again): deduplicated by provider id, linked to
 * the patient by phone, recorded as the answer to the latest message, opt-out / opt-in at once,
 * an alert and a case (source 'alert') for a negative or clinical reply. Nothing here answers the
 * patient with AI; a clinical reply is left to the clinic's staff. The marketing opt-in keyword
 * records marketing consent (source `keyword`). The one confirmation of an opt-out or a marketing
 * opt-in is sent after the commit.
 */
export async function receiveMessage(
  deps: Deps,
  clinic: WebhookClinic,
  message: InboundMessage,
  now = new Date(),
): Promise<InboundOutcome> {
  const outcome: InboundOutcome = {
    duplicate: false,
    patientId: null,
    classification: null,
    optedOut: false,
    optedIn: false,
    marketingConsentGranted: false,
    marketingConsentWithdrawn: false,
    confirmationSent: false,
    alertId: null,
    caseId: null,
    caseFollowed: false,
  };
  // The confirmation to send after the commit, if any.
  const confirmation = await deps.db.transaction(async (tx): Promise<Confirmation | null> => {
    const patient = await findPatientByPhone(tx, clinic.id, message.from);
    const text = message.text;
    const classification =
      patient && text !== null && text.trim() !== '' ? classifyReply(text, { names: [patient.name] }) : null;
    const stored = await insertWebhookLog(tx, {
      id: newId('whl'),
      clinicId: clinic.id,
      provider: message.provider,
      providerMessageId: message.providerMessageId,
      patientId: patient?.id ?? null,
      patientPhone: message.from,
      messageContent: message.text,
      receivedAt: message.receivedAt,
      sentiment: replySentiment(classification),
    });
    if (!stored) {
      outcome.duplicate = true;
      return null;
    }
    if (!patient) return null;
    outcome.patientId = patient.id;
    if (text === null || !classification) return null;
    const answered = await findAnsweredMessageId(
      tx,
      clinic.id,
      patient.id,
      message.channel,
      message.quotedProviderMessageId,
    );
    if (answered) await recordResponse(tx, clinic.id, answered, text);

    outcome.classification = classification;
    const language = patient.language ?? clinic.defaultLanguage;
    let confirm: Confirmation | null = null;
    // STOP and START speak for the number: every patient on it (a family phone) changes together.
    let consentChanged: {
      patientIds: string[];
      channel: InboundChannel | 'marketing';
      status: 'opted_out' | 'opted_in';
    } | null = null;
    if (classification.intent === 'opt_out') {
      const changed = await optOutPatientAndNumber(
        tx,
        clinic.id,
        patient.id,
        message.channel,
        'patient_reply',
        now,
      );
      outcome.optedOut = changed.length > 0;
      consentChanged = { patientIds: changed, channel: message.channel, status: 'opted_out' };
      if (outcome.optedOut && !message.providerConfirmsOptOut) {
        confirm = { patient, body: optOutConfirmationText(clinic.name, language, message.channel) };
      }
    } else if (classification.intent === 'opt_in') {
      const changed = await optInPatientAndNumber(tx, clinic.id, patient.id, message.channel);
      outcome.optedIn = changed.length > 0;
      consentChanged = { patientIds: changed, channel: message.channel, status: 'opted_in' };
    } else if (
      classification.intent === 'marketing_opt_in' ||
      classification.intent === 'marketing_opt_out'
    ) {
      // Offers only, the patient's own decision (withdrawn as easily as given, GDPR art. 7(3)); the
      // channel stays as it is, and a stopped one gets nothing, not even the confirmation.
      const granted = classification.intent === 'marketing_opt_in';
      const state = granted ? 'granted' : 'withdrawn';
      const changed = await setMarketingConsentByKeyword(tx, clinic.id, patient.id, state, now);
      if (granted) outcome.marketingConsentGranted = changed;
      else outcome.marketingConsentWithdrawn = changed;
      const channelStopped =
        (message.channel === 'sms' ? patient.smsOptedOutAt : patient.whatsappOptedOutAt) !== null;
      if (changed) {
        consentChanged = {
          patientIds: [patient.id],
          channel: 'marketing',
          status: granted ? 'opted_in' : 'opted_out',
        };
        const text = granted ? marketingOptInConfirmationText : marketingOptOutConfirmationText;
        if (!channelStopped) confirm = { patient, body: text(clinic.name, language) };
      }
    }
    // consent.changed webhooks, committed with the change: one for each patient it changed.
    if (consentChanged && consentChanged.patientIds.length > 0) {
      const { channel, status } = consentChanged;
      await emitWebhookEvents(
        tx,
        clinic.id,
        consentChanged.patientIds.map((patientId) => ({
          type: 'consent.changed' as const,
          data: {
            patient_id: patientId,
            channel,
            status,
            source: channel === 'marketing' ? 'keyword' : 'patient_reply',
          },
        })),
        now,
      );
    }
    if (classification.alert) {
      const raised = await raiseReplyAlert(tx, clinic.id, patient, classification, text, now);
      outcome.alertId = raised.alertId;
      outcome.caseId = raised.caseId;
      outcome.caseFollowed = raised.followed;
    }
    return confirm;
  });
  if (confirmation) {
    outcome.confirmationSent = await sendConsentConfirmation(
      deps,
      clinic,
      confirmation.patient,
      message,
      confirmation.body,
      now,
    );
  }
  deps.log.info(
    {
      clinicId: clinic.id,
      provider: message.provider,
      duplicate: outcome.duplicate,
      linked: outcome.patientId !== null,
      intent: outcome.classification?.intent ?? null,
      alert: outcome.classification?.alert ?? null,
    },
    'inbound message',
  );
  return outcome;
}

/**
 * Moves the message a status callback names; a provider-reported opt-out is recorded too. The
 * message is found by the provider's id, else by our own id echoed in the callback (Twilio's
 * StatusCallback URL, Vonage's client-ref, WhatsApp's biz_opaque_callback_data): a worker that
 * stopped during the provider call never stored the provider's id, and its row reads "outcome
 * unknown" until the provider tells us what happened.
 */
export async function receiveStatus(
  deps: Deps,
  clinic: WebhookClinic,
  update: {
    providerMessageId: string;
    ourMessageId?: string | null;
    status: 'sending' | 'sent' | 'delivered' | 'read' | 'failed' | null;
    error: string | null;
    optedOutChannel?: InboundChannel;
  },
) {
  const status = update.status;
  if (status) {
    // A provider's delivery or late failure (undelivered) is a message webhook, committed with the change.
    await deps.db.transaction(async (tx) => {
      const changed = await advanceDeliveryStatus(
        tx,
        clinic.id,
        update.providerMessageId,
        status,
        update.error,
        {
          ourMessageId: update.ourMessageId ?? null,
        },
      );
      if (!changed) return;
      if (status === 'failed') {
        await emitWebhookEvents(tx, clinic.id, [
          messageFailedEvent(changed, { reason: 'provider_error', error: update.error }),
        ]);
      } else if (status === 'delivered' || status === 'sent') {
        // 'sent' changes a row only when it read "outcome unknown": the outbox never said it went.
        await emitWebhookEvents(tx, clinic.id, [messageStatusEvent(`message.${status}`, changed)]);
      }
    });
  }
  if (update.optedOutChannel) {
    const patientId = await findPatientIdByProviderMessage(deps.db, clinic.id, update.providerMessageId);
    const channel = update.optedOutChannel;
    if (patientId) await recordProviderOptOut(deps.db, clinic.id, patientId, channel, new Date());
  }
}
