import type { SmsProvider } from '@careloop/contracts/settings';
import type { AppDeps } from '../../app-deps';
import { createAwsSnsClient, describeAwsSnsError } from '../../integrations/aws-sns/aws-sns.client';
import {
  createProviderHttp,
  ProviderError,
  type ProviderErrorDescriber,
} from '../../integrations/http/provider-http';
import { openAiModelFor } from '../../integrations/openai/openai-model';
import { providerEndpoints } from '../../integrations/provider-endpoints';
import { createTwilioClient, describeTwilioError } from '../../integrations/twilio/twilio.client';
import { createVonageClient, describeVonageError } from '../../integrations/vonage/vonage.client';
import { createWhatsAppClient, describeWhatsAppError } from '../../integrations/whatsapp/whatsapp.client';
import { whatsAppSandboxDemo } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { inboundWebhookUrls, twilioStatusCallbackFor } from '../inbound/webhook-urls';
import { readSecret } from '../secrets/secrets.service';
import { smsSecretNames, whatsAppSecretNames } from '../settings/channel-secrets';
import type { MessageModel } from './message-writer';

// A clinic's senders: its saved credentials (the vault) and the providers' real endpoints, or the
// sandboxes for a clinic in sandbox mode when the server mounts them (as ingestion does). The
// clients retry a 429/5xx answer themselves (`retryAnswersOnly`), never a send with no answer.

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;

/**
 * The approved WhatsApp template used outside the 24-hour window when a clinic names none of its own
 * (one body parameter: the patient's first name); the sandbox serves the same name.
 */
export const followUpWhatsAppTemplate = whatsAppSandboxDemo.templateName;

type SendResult = { providerMessageId: string };

type SmsSend = { to: string; text: string; reference: string; isMarketing: boolean };
type WhatsAppSend =
  | { form: 'free_form'; to: string; text: string; reference: string }
  | {
      form: 'template';
      to: string;
      name: string;
      languageCode: string;
      /** The body parameters in order ({{1}}, {{2}}...). */
      parameters: string[];
      reference: string;
    };

export type ClinicSenders = {
  /** Null when the channel has no credentials or sender saved. */
  sms: ((message: SmsSend) => Promise<SendResult>) | null;
  whatsapp: ((message: WhatsAppSend) => Promise<SendResult>) | null;
  model: MessageModel | null;
};

// A 429 comes back at once: the outbox backs off the clinic's sends through that provider together.
const httpFor = (deps: Deps, provider: string, describeError: ProviderErrorDescriber) =>
  createProviderHttp(provider, { ...deps.config.integrations.http, describeError, retryRateLimited: false });

export type SenderSettings = {
  clinicId: string;
  isSandboxClinic: boolean;
  smsProvider: SmsProvider;
  smsFromNumber: string | null;
  whatsappPhoneNumberId: string | null;
};

/** Reads the clinic's channel secrets once and builds its senders. */
export async function createClinicSenders(deps: Deps, settings: SenderSettings): Promise<ClinicSenders> {
  const urls = providerEndpoints(deps.config, settings.isSandboxClinic);
  // Delivery statuses come back to the clinic's own webhooks (Twilio's StatusCallback, Vonage's callback).
  const webhooks = inboundWebhookUrls(deps.config.http.publicUrl, settings.clinicId);
  const secret = async (name: string) => (await readSecret(deps, settings.clinicId, name))?.trim() || null;

  let sms: ClinicSenders['sms'] = null;
  const smsNames = smsSecretNames(settings.smsProvider, settings.clinicId);
  const [key, token] = [await secret(smsNames.accountSid), await secret(smsNames.authToken)];
  const from = settings.smsFromNumber;
  if (key && token && from) {
    if (settings.smsProvider === 'twilio') {
      const client = createTwilioClient({
        baseUrl: urls.twilioUrl,
        http: httpFor(deps, 'twilio', describeTwilioError),
      });
      sms = async (message) => {
        const sent = await client.sendSms({
          accountSid: key,
          authToken: token,
          from,
          to: message.to,
          body: message.text,
          // Our message id rides in the (signed) callback URL: if we never learn Twilio's sid
          // (the worker stopped during the call), the callback still names the message.
          statusCallback: twilioStatusCallbackFor(webhooks.twilioStatus, message.reference),
        });
        return { providerMessageId: sent.sid };
      };
    } else if (settings.smsProvider === 'vonage') {
      const client = createVonageClient({
        baseUrl: urls.vonageUrl,
        http: httpFor(deps, 'vonage', describeVonageError),
      });
      sms = async (message) => {
        const sent = await client.sendSms({
          apiKey: key,
          apiSecret: token,
          from,
          to: message.to,
          text: message.text,
          // Echoed in each delivery receipt (client-ref), as our id for a message whose send
          // outcome we never heard.
          clientRef: message.reference,
          callback: webhooks.vonageDeliveryReceipt,
        });
        // A long text goes out in parts; receipts name each part, the first stands for the message.
        const first = sent.messageIds[0];
        if (!first) throw new ProviderError('vonage', 'invalid_response', 'Vonage sent no message id');
        return { providerMessageId: first };
      };
    } else {
      const client = createAwsSnsClient({
        baseUrl: urls.awsSnsUrl,
        http: httpFor(deps, 'aws-sns', describeAwsSnsError),
      });
      const region = deps.config.integrations.awsSns.region;
      sms = async (message) => {
        const sent = await client.publishSms({
          accessKeyId: key,
          secretAccessKey: token,
          region,
          phoneNumber: message.to,
          message: message.text,
          smsType: message.isMarketing ? 'Promotional' : 'Transactional',
          ...(from.startsWith('+') ? { originationNumber: from } : { senderId: from }),
        });
        return { providerMessageId: sent.messageId };
      };
    }
  }

  let whatsapp: ClinicSenders['whatsapp'] = null;
  const waNames = whatsAppSecretNames(settings.clinicId);
  const accessToken = await secret(waNames.accessToken);
  const phoneNumberId = settings.whatsappPhoneNumberId;
  if (accessToken && phoneNumberId) {
    const client = createWhatsAppClient({
      baseUrl: urls.whatsappUrl,
      version: deps.config.integrations.whatsapp.version,
      http: httpFor(deps, 'whatsapp', describeWhatsAppError),
    });
    whatsapp = async (message) => {
      // `biz_opaque_callback_data` comes back in every status: our id for an unknown outcome.
      const base = { accessToken, phoneNumberId, to: message.to, callbackData: message.reference };
      const sent =
        message.form === 'free_form'
          ? await client.sendText({ ...base, body: message.text })
          : await client.sendTemplate({
              ...base,
              name: message.name,
              languageCode: message.languageCode,
              components: [
                {
                  type: 'body',
                  parameters: message.parameters.map((text) => ({ type: 'text' as const, text })),
                },
              ],
            });
      return { providerMessageId: sent.messageId };
    };
  }

  return { sms, whatsapp, model: openAiModelFor(deps.config, settings.isSandboxClinic) };
}
