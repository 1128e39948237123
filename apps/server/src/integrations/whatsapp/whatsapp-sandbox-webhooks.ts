import { randomBytes } from 'node:crypto';
import { postSandboxWebhook, trackSandboxWork } from '../http/sandbox-webhooks';
import { signWhatsAppBody } from './whatsapp.webhook';
import {
  type SandboxWhatsAppMessage,
  type SandboxWhatsAppNumber,
  type WhatsAppSandboxState,
  windowKey,
} from './whatsapp-sandbox-state';

// Webhooks (fake -> our app): the envelope of §3.5, signed with the app secret.

const unixSeconds = (date: Date) => String(Math.floor(date.getTime() / 1000));

/** The notification envelope around one `value` (§3.5). */
function whatsAppWebhookEnvelope(
  number: { id: string; displayPhoneNumber: string },
  value: Record<string, unknown>,
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: number.displayPhoneNumber.replace(/\D/g, ''),
                phone_number_id: number.id,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** The exact bytes to POST and their `X-Hub-Signature-256`. */
export function signedWhatsAppWebhook(payload: unknown, appSecret: string) {
  const rawBody = JSON.stringify(payload);
  return { rawBody, signature: signWhatsAppBody(rawBody, appSecret) };
}

/** POSTs one signed notification to the configured webhook (or `to`); the status code is recorded. */
async function postWhatsAppSandboxWebhook(
  state: WhatsAppSandboxState,
  payload: unknown,
  to: WhatsAppSandboxState['webhook'] = state.webhook,
): Promise<number> {
  const webhook = to;
  if (!webhook) return 0;
  const appSecret = (await state.signingSecretFor?.(webhook.url)) ?? webhook.appSecret;
  const { rawBody, signature } = signedWhatsAppWebhook(payload, appSecret);
  return postSandboxWebhook(
    state,
    {
      url: webhook.url,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: rawBody,
    },
    (status) => state.deliveries.push({ url: webhook.url, body: rawBody, status }),
  );
}

/** Posts a notification already delivered once again, byte for byte (Meta retries: test dedup). */
export function redeliverWhatsAppSandboxWebhook(state: WhatsAppSandboxState, index = -1): Promise<number> {
  const delivery = state.deliveries.at(index);
  if (!delivery) throw new Error('No webhook delivered yet');
  return postWhatsAppSandboxWebhook(state, JSON.parse(delivery.body));
}

/**
 * A patient writes to the clinic's number: opens the 24-hour window, and (when a webhook is set)
 * POSTs the signed inbound notification. Returns the payload, which tests can also send themselves.
 */
export async function simulateWhatsAppInbound(
  state: WhatsAppSandboxState,
  input: {
    phoneNumberId: string;
    /** The patient's number, E.164 or digits. */
    from: string;
    text: string;
    profileName?: string;
    /** The wamid this message replies to. */
    replyToMessageId?: string;
    /** Where this notification goes instead of the state's webhook (one app per clinic). */
    webhook?: { url: string; appSecret: string };
  },
) {
  const number = state.numbers.get(input.phoneNumberId);
  if (!number) throw new Error(`Unknown sandbox phone number ${input.phoneNumberId}`);
  const waId = input.from.replace(/\D/g, '');
  const at = state.now();
  state.lastInboundAt.set(windowKey(number.id, waId), at);
  const messageId = `wamid.${randomBytes(16).toString('hex').toUpperCase()}`;
  const payload = whatsAppWebhookEnvelope(number, {
    contacts: [{ profile: { name: input.profileName ?? 'Patient' }, wa_id: waId }],
    messages: [
      {
        from: waId,
        id: messageId,
        timestamp: unixSeconds(at),
        type: 'text',
        text: { body: input.text },
        ...(input.replyToMessageId
          ? { context: { from: number.displayPhoneNumber.replace(/\D/g, ''), id: input.replyToMessageId } }
          : {}),
      },
    ],
  });
  const status = await postWhatsAppSandboxWebhook(state, payload, input.webhook ?? state.webhook);
  return { messageId, payload, status };
}

/** The status notification for one sent message (§3.5), `failed` carrying `errors[]`. */
export function whatsAppStatusPayload(
  number: SandboxWhatsAppNumber,
  message: SandboxWhatsAppMessage,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  at: Date,
  errorCode?: number,
) {
  return whatsAppWebhookEnvelope(number, {
    statuses: [
      {
        id: message.id,
        status,
        timestamp: unixSeconds(at),
        recipient_id: message.to,
        ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
        ...(status === 'failed'
          ? {
              errors: [
                {
                  code: errorCode ?? 131026,
                  title: errorCode === 131047 ? 'Re-engagement message' : 'Message undeliverable',
                  message: errorCode === 131047 ? 'Re-engagement message' : 'Message undeliverable',
                  error_data: { details: 'Sandbox delivery failure' },
                },
              ],
            }
          : {
              pricing: {
                billable: true,
                pricing_model: 'PMP',
                category: message.type === 'template' ? 'utility' : 'service',
              },
            }),
      },
    ],
  });
}

export function emitStatuses(
  state: WhatsAppSandboxState,
  number: SandboxWhatsAppNumber,
  message: SandboxWhatsAppMessage,
) {
  if (!state.webhook) return;
  const failCode = state.failAfterAccept.get(message.to);
  const sequence: ('sent' | 'delivered' | 'read' | 'failed')[] =
    failCode === undefined ? [...state.statusSequence] : ['failed'];
  const run = (async () => {
    for (const status of sequence) {
      await postWhatsAppSandboxWebhook(
        state,
        whatsAppStatusPayload(number, message, status, state.now(), failCode),
      );
    }
  })();
  trackSandboxWork(state, run);
}

/**
 * §3.7.7: calls a webhook's verification GET like Meta does; true when it echoes the challenge.
 */
export async function checkWhatsAppWebhookHandshake(url: string, verifyToken: string): Promise<boolean> {
  const challenge = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
  const target = new URL(url);
  target.searchParams.set('hub.mode', 'subscribe');
  target.searchParams.set('hub.verify_token', verifyToken);
  target.searchParams.set('hub.challenge', challenge);
  const response = await fetch(target, { signal: AbortSignal.timeout(10_000) });
  return response.status === 200 && (await response.text()) === challenge;
}
