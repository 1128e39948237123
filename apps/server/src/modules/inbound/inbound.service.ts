import type { SimulateReplyBody, SimulateReplyResponse } from '@careloop/contracts/inbound';
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
import {
  addTwilioSandboxAccount,
  createTwilioSandboxState,
  simulateTwilioInbound,
  twilioSandboxDemo,
} from '../../integrations/twilio/twilio.sandbox';
import {
  parseTwilioWebhook,
  readTwilioForm,
  validateTwilioSignature,
} from '../../integrations/twilio/twilio.webhook';
import { createVonageClient, describeVonageError } from '../../integrations/vonage/vonage.client';
import {
  addVonageSandboxAccount,
  createVonageSandboxState,
  simulateVonageInbound,
  vonageSandboxDemo,
} from '../../integrations/vonage/vonage.sandbox';
import {
  parseVonageWebhook,
  type VonageParams,
  verifyVonageSignature,
  vonageOptedOutErrorCode,
  vonageSignatureMethods,
} from '../../integrations/vonage/vonage.webhook';
import { createWhatsAppClient, describeWhatsAppError } from '../../integrations/whatsapp/whatsapp.client';
import {
  addWhatsAppSandboxNumber,
  createWhatsAppSandboxState,
  simulateWhatsAppInbound,
  whatsAppSandboxDemo,
} from '../../integrations/whatsapp/whatsapp.sandbox';
import {
  checkWhatsAppVerification,
  parseWhatsAppWebhook,
  verifyWhatsAppSignature,
} from '../../integrations/whatsapp/whatsapp.webhook';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ClinicContext } from '../../plugins/request-context';
import { openCase } from '../cases/cases.service';
import { readSecret } from '../secrets/secrets.service';
import { smsSecretNames, whatsAppSecretNames } from '../settings/channel-secrets';
import {
  advanceDeliveryStatus,
  findAnsweredMessageId,
  findPatient,
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

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config' | 'log'>;
/** Simulated replies also need the mounted fakes' state. */
type SimulateDeps = Deps & Pick<AppDeps, 'sandboxes'>;

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

const isSandboxClinic = (deps: Deps, clinic: WebhookClinic) =>
  deps.config.sandboxMode && clinic.sandboxMode === 'on';

/**
 * A secret from the clinic's vault; a clinic in sandbox mode that saved none uses the sandbox
 * demo's value (those open only the fakes, like the demo's other credentials).
 */
async function secretOf(deps: Deps, clinic: WebhookClinic, name: string, sandboxValue: string) {
  const saved = await readSecret(deps, clinic.id, name);
  if (saved) return saved;
  return isSandboxClinic(deps, clinic) ? sandboxValue : '';
}

async function requireClinic(deps: Deps, clinicId: string): Promise<WebhookClinic> {
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
      // The cases module opens it (its service only needs the clinic); one open case per alert.
      const system = { clinicId: clinic.id } as Pick<ClinicContext, 'clinicId'> as ClinicContext;
      const opened = await openCase({ db: tx }, system, {
        source: 'alert',
        sourceId: alertId,
        patientId: patient.id,
        title,
        description: body,
        severity: classification.alert.severity,
        dueAt: caseDueAt(now),
        createdAt: now,
      });
      outcome.caseId = opened?.id ?? null;
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

/** Moves the message a status callback names; a provider-reported opt-out is recorded too. */
async function receiveStatus(
  deps: Deps,
  clinic: WebhookClinic,
  update: {
    providerMessageId: string;
    status: 'sending' | 'sent' | 'delivered' | 'read' | 'failed' | null;
    error: string | null;
    optedOutChannel?: InboundChannel;
  },
) {
  if (update.status) {
    await advanceDeliveryStatus(deps.db, clinic.id, update.providerMessageId, update.status, update.error);
  }
  if (update.optedOutChannel) {
    const patientId = await findPatientIdByProviderMessage(deps.db, clinic.id, update.providerMessageId);
    if (patientId)
      await optOut(deps.db, clinic.id, patientId, update.optedOutChannel, 'provider', new Date());
  }
}

// ---------------------------------------------------------------------------------------------
// WhatsApp (providers.md §3.5)
// ---------------------------------------------------------------------------------------------

/** The GET handshake: the challenge to echo, or null (403) when the mode or the token is wrong. */
export async function whatsAppHandshake(
  deps: Deps,
  clinicId: string,
  query: Record<string, unknown>,
): Promise<string | null> {
  const clinic = await findWebhookClinic(deps.db, clinicId);
  if (!clinic) return null;
  const token = await secretOf(
    deps,
    clinic,
    inboundSecretNames(clinic.id).whatsAppVerifyToken,
    whatsAppSandboxDemo.verifyToken,
  );
  const result = checkWhatsAppVerification(query, token);
  return result.ok ? result.challenge : null;
}

const whatsAppStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
const whatsAppStatus = (status: string) => whatsAppStatuses.find((known) => known === status) ?? null;

/** A notification, checked against the raw bytes with the clinic's app secret before it is read. */
export async function receiveWhatsAppWebhook(
  deps: Deps,
  clinicId: string,
  rawBody: Buffer,
  signature: string | string[] | undefined,
) {
  if (!signature) throw new WebhookRefused(401);
  const clinic = await requireClinic(deps, clinicId);
  const appSecret = await secretOf(
    deps,
    clinic,
    inboundSecretNames(clinic.id).whatsAppAppSecret,
    whatsAppSandboxDemo.appSecret,
  );
  if (!verifyWhatsAppSignature(rawBody, signature, appSecret)) throw new WebhookRefused(403);
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { messages: 0, statuses: 0 };
  }
  const { events } = parseWhatsAppWebhook(body);
  let messages = 0;
  let statuses = 0;
  for (const event of events) {
    if (event.kind === 'message') {
      messages += 1;
      await receiveMessage(deps, clinic, {
        provider: 'whatsapp',
        channel: 'whatsapp',
        providerMessageId: event.messageId,
        from: event.fromE164,
        to: event.phoneNumberId,
        text: event.text ?? `[${event.type}]`,
        receivedAt: event.receivedAt,
        quotedProviderMessageId: event.replyToMessageId,
        providerConfirmsOptOut: false,
      });
    } else {
      statuses += 1;
      const error = event.errors[0];
      await receiveStatus(deps, clinic, {
        providerMessageId: event.messageId,
        status: whatsAppStatus(event.status),
        error: error
          ? `${error.title ?? error.message ?? 'Failed'}${error.code ? ` (code ${error.code})` : ''}`
          : null,
      });
    }
  }
  return { messages, statuses };
}

// ---------------------------------------------------------------------------------------------
// Twilio (providers.md §4.3-4.6)
// ---------------------------------------------------------------------------------------------

// Twilio's own opt-out words (§4.6): Twilio blocks the pair and auto-replies, so we confirm nothing.
const twilioOptOutKeywords = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
]);

function twilioStatus(status: string): 'sending' | 'sent' | 'delivered' | 'read' | 'failed' | null {
  if (status === 'sending') return 'sending';
  if (status === 'sent') return 'sent';
  if (status === 'delivered') return 'delivered';
  if (status === 'read') return 'read';
  if (status === 'failed' || status === 'undelivered') return 'failed';
  return null;
}

/**
 * An inbound message or a status callback, signed with the clinic's Auth Token over the public URL
 * Twilio called (`PUBLIC_URL` + the path and query) and every form parameter.
 */
export async function receiveTwilioWebhook(
  deps: Deps,
  clinicId: string,
  input: {
    url: string;
    rawBody: Buffer;
    signature: string | string[] | undefined;
    expect: 'inbound' | 'status';
  },
) {
  if (!input.signature) throw new WebhookRefused(401);
  const clinic = await requireClinic(deps, clinicId);
  const authToken = await secretOf(
    deps,
    clinic,
    smsSecretNames('twilio', clinic.id).authToken,
    twilioSandboxDemo.authToken,
  );
  const params = readTwilioForm(input.rawBody.toString('utf8'));
  const valid = validateTwilioSignature({
    url: input.url,
    authToken,
    signature: input.signature,
    params,
    rawBody: input.rawBody,
  });
  if (!valid) throw new WebhookRefused(403);
  const event = parseTwilioWebhook(params);
  if (!event) return null;
  if (event.kind === 'status') {
    await receiveStatus(deps, clinic, {
      providerMessageId: event.messageSid,
      status: twilioStatus(event.status),
      error:
        event.errorCode === null
          ? null
          : `${event.errorMessage ?? 'Delivery failed'} (code ${event.errorCode})`,
      ...(event.errorCode === 21610 ? { optedOutChannel: 'sms' as const } : {}),
    });
    return event;
  }
  if (input.expect === 'status') return event;
  await receiveMessage(deps, clinic, {
    provider: 'twilio',
    channel: event.channel,
    providerMessageId: event.messageSid,
    from: event.from,
    to: event.to,
    text: event.body === '' && event.mediaUrls.length > 0 ? '[media]' : event.body,
    receivedAt: new Date(),
    quotedProviderMessageId: null,
    providerConfirmsOptOut:
      event.optOutType === 'STOP' || twilioOptOutKeywords.has(event.body.trim().toUpperCase()),
  });
  return event;
}

// ---------------------------------------------------------------------------------------------
// Vonage (providers.md §5.1)
// ---------------------------------------------------------------------------------------------

function vonageStatus(status: string): 'sent' | 'delivered' | 'failed' | null {
  if (status === 'delivered') return 'delivered';
  if (status === 'accepted' || status === 'buffered') return 'sent';
  if (status === 'failed' || status === 'expired' || status === 'rejected') return 'failed';
  return null;
}

/** Reads a form or JSON body into parameters (Vonage sends either, by dashboard setting). */
function readVonageBody(rawBody: Buffer, contentType: string | undefined): VonageParams {
  const text = rawBody.toString('utf8');
  if ((contentType ?? '').includes('json')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.fromEntries(
          Object.entries(parsed as Record<string, unknown>)
            .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
            .map(([name, value]) => [name, String(value)]),
        );
      }
    } catch {
      return {};
    }
    return {};
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * An inbound SMS or a delivery receipt, signed (`sig`, `timestamp`, `nonce`) with the clinic's
 * signature secret; unsigned webhooks are refused, so the clinic's Vonage account must sign them.
 */
export async function receiveVonageWebhook(
  deps: Deps,
  clinicId: string,
  input: { rawBody: Buffer; contentType: string | undefined; expect: 'inbound' | 'status' },
) {
  const params = readVonageBody(input.rawBody, input.contentType);
  if (!params.sig) throw new WebhookRefused(401);
  const clinic = await requireClinic(deps, clinicId);
  const secret = await secretOf(
    deps,
    clinic,
    inboundSecretNames(clinic.id).vonageSignatureSecret,
    vonageSandboxDemo.signatureSecret,
  );
  const valid = vonageSignatureMethods.some((method) => verifyVonageSignature(params, secret, { method }));
  if (!valid) throw new WebhookRefused(403);
  const event = parseVonageWebhook(params);
  if (!event) return null;
  if (event.kind === 'status') {
    const optedOut = event.errorCode === vonageOptedOutErrorCode;
    await receiveStatus(deps, clinic, {
      providerMessageId: event.messageId,
      status: vonageStatus(event.status),
      error:
        event.errorCode && event.errorCode !== '0'
          ? `${optedOut ? 'Recipient opted out' : `Delivery ${event.status}`} (code ${event.errorCode})`
          : null,
      ...(optedOut ? { optedOutChannel: 'sms' as const } : {}),
    });
    return event;
  }
  if (input.expect === 'status') return event;
  await receiveMessage(deps, clinic, {
    provider: 'vonage',
    channel: 'sms',
    providerMessageId: event.messageId,
    from: event.from,
    to: event.to,
    text: event.text,
    receivedAt: event.receivedAt ?? new Date(),
    quotedProviderMessageId: null,
    providerConfirmsOptOut: false,
  });
  return event;
}

// ---------------------------------------------------------------------------------------------
// Sandbox: a simulated patient reply through the real webhook path
// ---------------------------------------------------------------------------------------------

/**
 * In sandbox mode, the clinic's sandbox provider sends a signed inbound webhook (over HTTP, to this
 * deployment's public webhook URL) as if the patient had replied: everything after that is the
 * real inbound path.
 */
export async function simulateReply(
  deps: SimulateDeps,
  ctx: ClinicContext,
  body: SimulateReplyBody,
): Promise<SimulateReplyResponse> {
  const clinic = await findWebhookClinic(deps.db, ctx.clinicId);
  if (!clinic) throw notFound('Clinic');
  if (!isSandboxClinic(deps, clinic)) {
    throw forbidden('Simulated replies are available in sandbox mode only');
  }
  const patient = await findPatient(deps.db, ctx.clinicId, body.patientId);
  if (!patient) throw notFound('Patient');
  if (!patient.phone) {
    throw badRequest('The patient has no phone number', [
      { field: 'patientId', message: 'The patient has no phone number' },
    ]);
  }
  const urls = inboundWebhookUrls(deps.config.http.publicUrl, clinic.id);
  let provider: WebhookProvider;
  let result: { messageId: string; status: number };
  if (body.channel === 'whatsapp') {
    provider = 'whatsapp';
    const names = whatsAppSecretNames(clinic.id);
    const phoneNumberId =
      clinic.whatsappPhoneNumberId ??
      (await secretOf(deps, clinic, names.phoneNumberId, whatsAppSandboxDemo.phoneNumberId));
    // The mounted fake when it serves this number (its 24-hour window opens, so a free-text answer
    // goes through it), else a fake of the moment that only posts the webhook.
    let state = deps.sandboxes.whatsapp;
    if (!state.numbers.has(phoneNumberId)) {
      state = createWhatsAppSandboxState();
      addWhatsAppSandboxNumber(state, 'simulation', {
        id: phoneNumberId,
        displayPhoneNumber: whatsAppSandboxDemo.displayPhoneNumber,
        verifiedName: clinic.name,
      });
    }
    result = await simulateWhatsAppInbound(state, {
      phoneNumberId,
      from: patient.phone,
      text: body.text,
      profileName: patient.name,
      webhook: {
        url: urls.whatsapp,
        appSecret: await secretOf(
          deps,
          clinic,
          inboundSecretNames(clinic.id).whatsAppAppSecret,
          whatsAppSandboxDemo.appSecret,
        ),
      },
    });
  } else if ((clinic.smsProvider ?? 'twilio') === 'twilio') {
    provider = 'twilio';
    const names = smsSecretNames('twilio', clinic.id);
    const accountSid = await secretOf(deps, clinic, names.accountSid, twilioSandboxDemo.accountSid);
    const authToken = await secretOf(deps, clinic, names.authToken, twilioSandboxDemo.authToken);
    // The mounted fake when this account is its own, so a STOP blocks the next send through it.
    let state = deps.sandboxes.twilio;
    if (state.accounts.get(accountSid)?.authToken !== authToken) {
      state = createTwilioSandboxState();
      addTwilioSandboxAccount(state, {
        sid: accountSid,
        authToken,
        friendlyName: clinic.name,
        status: 'active',
      });
    }
    const sent = await simulateTwilioInbound(state, {
      accountSid,
      from: patient.phone,
      to: clinic.smsFromNumber ?? twilioSandboxDemo.fromNumber,
      body: body.text,
      url: urls.twilioInbound,
    });
    result = { messageId: sent.messageSid, status: sent.status };
  } else if (clinic.smsProvider === 'vonage') {
    provider = 'vonage';
    const names = smsSecretNames('vonage', clinic.id);
    const apiKey = await secretOf(deps, clinic, names.accountSid, vonageSandboxDemo.apiKey);
    const apiSecret = await secretOf(deps, clinic, names.authToken, vonageSandboxDemo.apiSecret);
    const signatureSecret = await secretOf(
      deps,
      clinic,
      inboundSecretNames(clinic.id).vonageSignatureSecret,
      vonageSandboxDemo.signatureSecret,
    );
    // The mounted fake when this account is its own (and signs with the clinic's secret).
    let state = deps.sandboxes.vonage;
    const mounted = state.accounts.get(apiKey);
    if (mounted?.apiSecret !== apiSecret || mounted.signatureSecret !== signatureSecret) {
      state = createVonageSandboxState();
      addVonageSandboxAccount(state, { apiKey, apiSecret, signatureSecret });
    }
    result = await simulateVonageInbound(state, {
      apiKey,
      from: patient.phone,
      to: clinic.smsFromNumber ?? vonageSandboxDemo.fromNumber,
      text: body.text,
      url: urls.vonageInbound,
    });
  } else {
    throw conflict('AWS SNS receives no replies: choose Twilio or Vonage to simulate an SMS reply');
  }
  if (result.status < 200 || result.status >= 300) {
    throw new AppError(
      502,
      'INTERNAL',
      `The sandbox could not deliver the reply to this server's webhook (status ${result.status})`,
    );
  }
  return { provider, providerMessageId: result.messageId, webhookStatus: result.status };
}
