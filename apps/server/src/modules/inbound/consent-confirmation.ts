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
import { whatsAppSandboxDemo } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { newId } from '../../lib/ids';
import { smsSecretNames, whatsAppSecretNames } from '../settings/channel-secrets';
import {
  type InboundChannel,
  type InboundPatient,
  insertSendingConfirmation,
  recordConfirmationOutcome,
  type WebhookProvider,
} from './inbound.repository';
import { type Deps, isSandboxClinic, secretOf } from './webhook-clinic';
import type { WebhookClinic } from './webhook-clinic.repository';
import { inboundWebhookUrls, twilioStatusCallbackFor } from './webhook-urls';

// The answers to a consent reply, in the patient's language (else the clinic's): the one
// confirmation of an opt-out, and of a marketing opt-in.

/** How the patient wrote to us: the confirmation goes back the same way. */
export type ReplyRoute = {
  provider: WebhookProvider;
  channel: InboundChannel;
  /** The patient's number, E.164. */
  from: string;
  /** Our number the patient wrote to. */
  to: string;
};

// The way back is named in the patient's language (ALTA, BAŞLA: opt-in words here, consent-keywords.ts);
// these go out only after an opt-out word Twilio does not act on itself, so it does not block them.
const confirmations: Record<string, (clinic: string, channel: InboundChannel) => string> = {
  en: (clinic, channel) =>
    `You will no longer receive ${channel === 'whatsapp' ? 'WhatsApp' : 'text'} messages from ${clinic}. Reply START to receive them again.`,
  es: (clinic, channel) =>
    `Ya no recibirás mensajes de ${clinic} por ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}. Responde ALTA para volver a recibirlos.`,
  tr: (clinic, channel) =>
    `${clinic} tarafından artık ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} mesajı almayacaksınız. Tekrar almak için BAŞLA yazın.`,
};

export function optOutConfirmationText(clinicName: string, language: string, channel: InboundChannel) {
  const write = confirmations[language] ?? confirmations.en!;
  return write(clinicName, channel);
}

// After the marketing opt-in keyword (OFFERS, OFERTAS, KAMPANYA): what was agreed to, and the
// way out in the patient's own language (BAJA and RET are opt-out words here too).
const marketingOptInConfirmations: Record<string, (clinic: string) => string> = {
  en: (clinic) => `Thank you: ${clinic} will send you offers from now on. Reply STOP to stop all messages.`,
  es: (clinic) =>
    `Gracias: ${clinic} te enviará ofertas a partir de ahora. Responde BAJA para no recibir más mensajes.`,
  tr: (clinic) =>
    `Teşekkürler: ${clinic} bundan sonra size kampanyalarını da gönderecek. Hiç mesaj almak istemezseniz RET yazın.`,
};

export function marketingOptInConfirmationText(clinicName: string, language: string) {
  const write = marketingOptInConfirmations[language] ?? marketingOptInConfirmations.en!;
  return write(clinicName);
}

// After a marketing opt-out ("stop offers", "no quiero ofertas", "kampanya istemiyorum"): offers
// stop, care messages go on, and the way to stop those too.
const marketingOptOutConfirmations: Record<string, (clinic: string) => string> = {
  en: (clinic) =>
    `Done: ${clinic} will not send you offers any more. Messages about your care continue; reply STOP to stop them too.`,
  es: (clinic) =>
    `Hecho: ${clinic} ya no te enviará ofertas. Los mensajes sobre tu tratamiento continúan; responde BAJA para no recibirlos tampoco.`,
  tr: (clinic) =>
    `Tamam: ${clinic} artık size kampanya göndermeyecek. Tedavinizle ilgili mesajlar devam eder; onları da istemezseniz RET yazın.`,
};

export function marketingOptOutConfirmationText(clinicName: string, language: string) {
  const write = marketingOptOutConfirmations[language] ?? marketingOptOutConfirmations.en!;
  return write(clinicName);
}

/**
 * A consent confirmation (the one after an opt-out or a marketing opt-in), through the provider
 * the patient wrote through, from the number they wrote to; kept as a `consent` message, sent or
 * failed with the provider's reason.
 */
export async function sendConsentConfirmation(
  deps: Deps,
  clinic: WebhookClinic,
  patient: InboundPatient,
  message: ReplyRoute,
  body: string,
  now: Date,
): Promise<boolean> {
  const urls = providerEndpoints(deps.config, isSandboxClinic(deps, clinic));
  const webhooks = inboundWebhookUrls(deps.config.http.publicUrl, clinic.id);
  const http = (provider: string, describeError: ProviderErrorDescriber) =>
    createProviderHttp(provider, { ...deps.config.integrations.http, describeError });
  let providerMessageId: string | null = null;
  let providerError: string | null = null;
  // Kept before the provider is called, and named in the callback it will make: a status callback
  // may arrive before the provider's answer to the send does, and must find its message.
  const id = newId('msg');
  await insertSendingConfirmation(deps.db, {
    id,
    clinicId: clinic.id,
    patientId: patient.id,
    channel: message.channel,
    messageContent: body,
  });
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
        callbackData: id,
      });
      providerMessageId = sent.messageId;
    } else if (message.provider === 'twilio') {
      const names = smsSecretNames('twilio', clinic.id);
      const client = createTwilioClient({
        baseUrl: urls.twilioUrl,
        http: http('twilio', describeTwilioError),
      });
      // A patient on the clinic's Twilio WhatsApp sender is answered on WhatsApp (Twilio's channel
      // address; the 24-hour window is open: they have just written).
      const address = (number: string) => (message.channel === 'whatsapp' ? `whatsapp:${number}` : number);
      const sent = await client.sendSms({
        accountSid: await secretOf(deps, clinic, names.accountSid, twilioSandboxDemo.accountSid),
        authToken: await secretOf(deps, clinic, names.authToken, twilioSandboxDemo.authToken),
        from: address(message.to),
        to: address(message.from),
        body,
        statusCallback: twilioStatusCallbackFor(webhooks.twilioStatus, id),
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
        clientRef: id,
      });
      providerMessageId = sent.messageIds[0] ?? null;
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const code = error.providerCode ? ` (code ${error.providerCode})` : '';
    providerError = `${error.providerReason ?? error.message}${code}`;
  }
  await recordConfirmationOutcome(deps.db, {
    id,
    clinicId: clinic.id,
    providerMessageId,
    providerError,
    now,
  });
  return providerError === null;
}
