import { caseDueAt } from '@careloop/domain/case-rules';
import { classifyReply, type ReplyClassification } from '@careloop/domain/messaging/reply-classification';
import type { AppDeps } from '../../app-deps';
import {
  createProviderHttp,
  ProviderError,
  type ProviderErrorDescriber,
} from '../../integrations/http/provider-http';
import { providerEndpoints } from '../../integrations/provider-endpoints';
import { createTwilioClient, describeTwilioError } from '../../integrations/twilio/twilio.client';
import { twilioSandboxDemo } from '../../integrations/twilio/twilio.sandbox';
import { createVonageClient, describeVonageError } from '../../integrations/vonage/vonage.client';
import { vonageSandboxDemo } from '../../integrations/vonage/vonage.sandbox';
import { createWhatsAppClient, describeWhatsAppError } from '../../integrations/whatsapp/whatsapp.client';
import { whatsAppSandboxDemo } from '../../integrations/whatsapp/whatsapp.sandbox';
import { newId } from '../../lib/ids';
import { openOrFollowReplyCase } from '../cases/cases.service';
import { readSecret } from '../secrets/secrets.service';
import { smsSecretNames, whatsAppSecretNames } from '../settings/channel-secrets';
import {
  advanceDeliveryStatus,
  findAnsweredMessageId,
  findPatientByPhone,
  findPatientIdByProviderMessage,
  findWebhookClinic,
  type InboundChannel,
  type InboundPatient,
  insertAlert,
  insertConfirmation,
  insertWebhookLog,
  optIn,
  optOut,
  recordResponse,
  type WebhookClinic,
  type WebhookProvider,
} from './inbound.repository';
import { inboundWebhookUrls } from './webhook-urls';

export type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config' | 'log'>;
/** Simulated replies also need the mounted fakes' state. */
export type SimulateDeps = Deps & Pick<AppDeps, 'sandboxes'>;

/** Secrets the inbound side needs besides the settings' names (values in the vault, like every secret). */
export const inboundSecretNames = (clinicId: string) => ({
  whatsAppAppSecret: whatsAppSecretNames(clinicId).appSecret,
  whatsAppVerifyToken: `WHATSAPP_VERIFY_TOKEN_${clinicId}`,
  vonageSignatureSecret: `VONAGE_SIGNATURE_SECRET_${clinicId}`,
});

/** A webhook that is not signed (401) or not signed by the clinic's secret (403): nothing is stored. */
export class WebhookRefused extends Error {
  constructor(readonly statusCode: 401 | 403) {
    super(statusCode === 401 ? 'Missing webhook signature' : 'Invalid webhook signature');
  }
}

export const isSandboxClinic = (deps: Deps, clinic: WebhookClinic) =>
  deps.config.sandboxMode && clinic.sandboxMode === 'on';

/**
 * A secret from the clinic's vault; a clinic in sandbox mode that saved none uses the sandbox
 * demo's value (those open only the fakes, like the demo's other credentials).
 */
export async function secretOf(deps: Deps, clinic: WebhookClinic, name: string, sandboxValue: string) {
  const saved = await readSecret(deps, clinic.id, name);
  if (saved) return saved;
  return isSandboxClinic(deps, clinic) ? sandboxValue : '';
}

export async function requireClinic(deps: Deps, clinicId: string): Promise<WebhookClinic> {
  const clinic = await findWebhookClinic(deps.db, clinicId);
  // An unknown clinic looks like a wrong signature: the URL does not tell which clinics exist.
  if (!clinic) throw new WebhookRefused(403);
  return clinic;
}

// ---------------------------------------------------------------------------------------------
// What an inbound message does
// ---------------------------------------------------------------------------------------------

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

export type InboundOutcome = {
  duplicate: boolean;
  patientId: string | null;
  classification: ReplyClassification | null;
  optedOut: boolean;
  optedIn: boolean;
  confirmationSent: boolean;
  alertId: string | null;
  caseId: string | null;
  /** The reply went to the patient's case already open, as a note. */
  caseFollowed: boolean;
};

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const flagLabels: Record<string, string> = {
  pain: 'pain',
  bleeding: 'bleeding',
  swelling: 'swelling',
  fever: 'fever',
  infection: 'infection',
  graft_loss: 'graft loss',
};

function alertText(patient: InboundPatient, classification: ReplyClassification, text: string) {
  const flags = classification.clinicalFlags.map((flag) => flagLabels[flag] ?? flag).join(', ');
  const title =
    classification.alert?.kind === 'clinical'
      ? `Clinical red flag in a reply from ${patient.name}: ${flags}`
      : `Negative reply from ${patient.name}`;
  return { title: clip(title, 200), message: clip(text, 2000) };
}

/**
 * Stores one inbound message and acts on it, in one transaction (a redelivery of a message that
 * failed half-way finds nothing stored and starts again): deduplicated by provider id, linked to
 * the patient by phone, recorded as the answer to the latest message, opt-out / opt-in at once,
 * an alert and a case (source 'alert') for a negative or clinical reply. Nothing here answers the
 * patient with AI; a clinical reply is left to the clinic's staff. The one opt-out confirmation is
 * sent after the commit.
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
    confirmationSent: false,
    alertId: null,
    caseId: null,
    caseFollowed: false,
  };
  let confirmTo: InboundPatient | null = null;
  await deps.db.transaction(async (tx) => {
    const patient = await findPatientByPhone(tx, clinic.id, message.from);
    const stored = await insertWebhookLog(tx, {
      id: newId('whl'),
      clinicId: clinic.id,
      provider: message.provider,
      providerMessageId: message.providerMessageId,
      patientId: patient?.id ?? null,
      patientPhone: message.from,
      messageContent: message.text,
      receivedAt: message.receivedAt,
    });
    if (!stored) {
      outcome.duplicate = true;
      return;
    }
    if (!patient) return;
    outcome.patientId = patient.id;
    const text = message.text;
    if (text === null || text.trim() === '') return;
    const answered = await findAnsweredMessageId(
      tx,
      clinic.id,
      patient.id,
      message.channel,
      message.quotedProviderMessageId,
    );
    if (answered) await recordResponse(tx, clinic.id, answered, text);

    const classification = classifyReply(text, { names: [patient.name] });
    outcome.classification = classification;
    if (classification.intent === 'opt_out') {
      outcome.optedOut = await optOut(tx, clinic.id, patient.id, message.channel, 'patient_reply', now);
      if (outcome.optedOut && !message.providerConfirmsOptOut) confirmTo = patient;
    } else if (classification.intent === 'opt_in') {
      outcome.optedIn = await optIn(tx, clinic.id, patient.id, message.channel);
    }
    if (classification.alert) {
      const { title, message: body } = alertText(patient, classification, text);
      const alertId = newId('alr');
      await insertAlert(tx, {
        id: alertId,
        clinicId: clinic.id,
        patientId: patient.id,
        severity: classification.alert.severity,
        kind: classification.alert.kind === 'clinical' ? 'clinical_reply' : 'negative_reply',
        message: body,
        createdAt: now,
      });
      outcome.alertId = alertId;
      // One open case per patient: a later worrying reply goes to that case's notes.
      const replyCase = await openOrFollowReplyCase({ db: tx }, clinic.id, {
        sourceId: alertId,
        patientId: patient.id,
        title,
        description: body,
        severity: classification.alert.severity,
        dueAt: caseDueAt(now),
        createdAt: now,
      });
      outcome.caseId = replyCase.caseId;
      outcome.caseFollowed = replyCase.followed;
    }
  });
  if (confirmTo) {
    outcome.confirmationSent = await sendOptOutConfirmation(deps, clinic, confirmTo, message, now);
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

const confirmations: Record<string, (clinic: string, channel: InboundChannel) => string> = {
  en: (clinic, channel) =>
    `You will no longer receive ${channel === 'whatsapp' ? 'WhatsApp' : 'text'} messages from ${clinic}. Reply START to receive them again.`,
  es: (clinic, channel) =>
    `Ya no recibirás mensajes de ${clinic} por ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}. Responde START para volver a recibirlos.`,
  tr: (clinic, channel) =>
    `${clinic} tarafından artık ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} mesajı almayacaksınız. Tekrar almak için START yazın.`,
};

export function optOutConfirmationText(clinicName: string, language: string, channel: InboundChannel) {
  const write = confirmations[language] ?? confirmations.en!;
  return write(clinicName, channel);
}

/**
 * The one opt-out confirmation, through the provider the patient wrote through, from the number
 * they wrote to; kept as a `consent` message, sent or failed with the provider's reason.
 */
async function sendOptOutConfirmation(
  deps: Deps,
  clinic: WebhookClinic,
  patient: InboundPatient,
  message: InboundMessage,
  now: Date,
): Promise<boolean> {
  const body = optOutConfirmationText(
    clinic.name,
    patient.language ?? clinic.defaultLanguage,
    message.channel,
  );
  const urls = providerEndpoints(deps.config, isSandboxClinic(deps, clinic));
  const webhooks = inboundWebhookUrls(deps.config.http.publicUrl, clinic.id);
  const http = (provider: string, describeError: ProviderErrorDescriber) =>
    createProviderHttp(provider, { ...deps.config.integrations.http, describeError });
  let providerMessageId: string | null = null;
  let providerError: string | null = null;
  try {
    if (message.provider === 'whatsapp') {
      const names = whatsAppSecretNames(clinic.id);
      const client = createWhatsAppClient({
        baseUrl: urls.whatsappUrl,
        version: deps.config.integrations.whatsapp.version,
        http: http('whatsapp', describeWhatsAppError),
      });
      const sent = await client.sendText({
        accessToken: await secretOf(deps, clinic, names.accessToken, whatsAppSandboxDemo.accessToken),
        phoneNumberId:
          clinic.whatsappPhoneNumberId ??
          (await secretOf(deps, clinic, names.phoneNumberId, whatsAppSandboxDemo.phoneNumberId)),
        to: message.from,
        body,
      });
      providerMessageId = sent.messageId;
    } else if (message.provider === 'twilio') {
      const names = smsSecretNames('twilio', clinic.id);
      const client = createTwilioClient({
        baseUrl: urls.twilioUrl,
        http: http('twilio', describeTwilioError),
      });
      const sent = await client.sendSms({
        accountSid: await secretOf(deps, clinic, names.accountSid, twilioSandboxDemo.accountSid),
        authToken: await secretOf(deps, clinic, names.authToken, twilioSandboxDemo.authToken),
        from: message.to,
        to: message.from,
        body,
        statusCallback: webhooks.twilioStatus,
      });
      providerMessageId = sent.sid;
    } else {
      const names = smsSecretNames('vonage', clinic.id);
      const client = createVonageClient({
        baseUrl: urls.vonageUrl,
        http: http('vonage', describeVonageError),
      });
      const sent = await client.sendSms({
        apiKey: await secretOf(deps, clinic, names.accountSid, vonageSandboxDemo.apiKey),
        apiSecret: await secretOf(deps, clinic, names.authToken, vonageSandboxDemo.apiSecret),
        from: message.to,
        to: message.from,
        text: body,
        callback: webhooks.vonageDeliveryReceipt,
      });
      providerMessageId = sent.messageIds[0] ?? null;
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const code = error.providerCode ? ` (code ${error.providerCode})` : '';
    providerError = `${error.providerReason ?? error.message}${code}`;
  }
  await insertConfirmation(deps.db, {
    id: newId('msg'),
    clinicId: clinic.id,
    patientId: patient.id,
    channel: message.channel,
    messageContent: body,
    deliveryStatus: providerError === null ? 'sent' : 'failed',
    providerMessageId,
    providerError,
    sentAt: providerError === null ? now : null,
  });
  return providerError === null;
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
  if (update.status) {
    await advanceDeliveryStatus(deps.db, clinic.id, update.providerMessageId, update.status, update.error, {
      ourMessageId: update.ourMessageId ?? null,
    });
  }
  if (update.optedOutChannel) {
    const patientId = await findPatientIdByProviderMessage(deps.db, clinic.id, update.providerMessageId);
    if (patientId)
      await optOut(deps.db, clinic.id, patientId, update.optedOutChannel, 'provider', new Date());
  }
}
