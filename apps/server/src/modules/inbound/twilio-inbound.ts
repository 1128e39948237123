import {
  parseTwilioWebhook,
  readTwilioForm,
  validateTwilioSignature,
} from '../../integrations/twilio/twilio.webhook';
import { smsSecretNames } from '../settings/channel-secrets';
import { receiveMessage, receiveStatus } from './inbound.service';
import { type Deps, requireClinicAndWebhookSecret, WebhookRefused } from './webhook-clinic';
import { twilioStatusMessageParam } from './webhook-urls';

// Twilio webhooks (providers.md §4.3-4.6): inbound SMS and status callbacks.

// Twilio's own opt-out words (§4.6): on SMS Twilio blocks the pair and auto-replies, so we confirm
// nothing. Its STOP filtering is SMS only: on a Twilio WhatsApp sender nothing answers but us.
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
  const { clinic, secret: authToken } = await requireClinicAndWebhookSecret(
    deps,
    clinicId,
    smsSecretNames('twilio', clinicId).authToken,
    'twilioAuthToken',
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
      // Our id from the StatusCallback we gave the message; covered by the signature above.
      ourMessageId: new URL(input.url).searchParams.get(twilioStatusMessageParam),
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
      event.channel === 'sms' &&
      (event.optOutType === 'STOP' || twilioOptOutKeywords.has(event.body.trim().toUpperCase())),
  });
  return event;
}
