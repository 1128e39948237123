import {
  checkWhatsAppVerification,
  parseWhatsAppWebhook,
  verifyWhatsAppSignature,
} from '../../integrations/whatsapp/whatsapp.webhook';
import { receiveMessage, receiveStatus } from './inbound.service';
import {
  type Deps,
  findClinicAndWebhookSecret,
  inboundSecretNames,
  requireClinicAndWebhookSecret,
  WebhookRefused,
} from './webhook-clinic';

// WhatsApp webhooks (providers.md §3.5): the handshake, and notifications checked before they are read.

/** The GET handshake: the challenge to echo, or null (403) when the mode or the token is wrong. */
export async function whatsAppHandshake(
  deps: Deps,
  clinicId: string,
  query: Record<string, unknown>,
): Promise<string | null> {
  const found = await findClinicAndWebhookSecret(
    deps,
    clinicId,
    inboundSecretNames(clinicId).whatsAppVerifyToken,
    'whatsAppVerifyToken',
  );
  if (!found) return null;
  const result = checkWhatsAppVerification(query, found.secret);
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
  const { clinic, secret: appSecret } = await requireClinicAndWebhookSecret(
    deps,
    clinicId,
    inboundSecretNames(clinicId).whatsAppAppSecret,
    'whatsAppAppSecret',
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
        ourMessageId: event.callbackData,
        status: whatsAppStatus(event.status),
        error: error
          ? `${error.title ?? error.message ?? 'Failed'}${error.code ? ` (code ${error.code})` : ''}`
          : null,
      });
    }
  }
  return { messages, statuses };
}
