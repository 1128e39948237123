import {
  parseVonageWebhook,
  type VonageParams,
  verifyVonageSignature,
  vonageOptedOutErrorCode,
  vonageSignatureMethods,
} from '../../integrations/vonage/vonage.webhook';
import { receiveMessage, receiveStatus } from './inbound.service';
import {
  type Deps,
  inboundSecretNames,
  requireClinicAndWebhookSecret,
  WebhookRefused,
} from './webhook-clinic';

// Vonage webhooks (providers.md §5.1): inbound SMS and delivery receipts, form or JSON.

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
  const { clinic, secret } = await requireClinicAndWebhookSecret(
    deps,
    clinicId,
    inboundSecretNames(clinicId).vonageSignatureSecret,
    'vonageSignatureSecret',
  );
  const valid = vonageSignatureMethods.some((method) => verifyVonageSignature(params, secret, { method }));
  if (!valid) throw new WebhookRefused(403);
  const event = parseVonageWebhook(params);
  if (!event) return null;
  if (event.kind === 'status') {
    const optedOut = event.errorCode === vonageOptedOutErrorCode;
    await receiveStatus(deps, clinic, {
      providerMessageId: event.messageId,
      ourMessageId: event.clientRef,
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
