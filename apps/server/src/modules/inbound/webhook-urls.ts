// Where providers deliver a clinic's webhooks (ARCHITECTURE, "Readings"): one URL set per clinic,
// so the signature is checked with that clinic's own secret before anything is read or stored.
// Senders use `statusCallback` / `vonageDeliveryReceipt` as the StatusCallback / callback of a send.

export const inboundWebhookRoutes = {
  whatsapp: '/api/webhooks/whatsapp/:clinicId',
  twilioInbound: '/api/webhooks/twilio/:clinicId/inbound',
  twilioStatus: '/api/webhooks/twilio/:clinicId/status',
  vonageInbound: '/api/webhooks/vonage/:clinicId/inbound',
  vonageDeliveryReceipt: '/api/webhooks/vonage/:clinicId/delivery-receipt',
} as const;

/** The public URLs of one clinic's webhooks under this deployment's `PUBLIC_URL`. */
export function inboundWebhookUrls(publicUrl: string, clinicId: string) {
  const base = publicUrl.replace(/\/+$/, '');
  const at = (route: string) => `${base}${route.replace(':clinicId', encodeURIComponent(clinicId))}`;
  return {
    whatsapp: at(inboundWebhookRoutes.whatsapp),
    twilioInbound: at(inboundWebhookRoutes.twilioInbound),
    twilioStatus: at(inboundWebhookRoutes.twilioStatus),
    vonageInbound: at(inboundWebhookRoutes.vonageInbound),
    vonageDeliveryReceipt: at(inboundWebhookRoutes.vonageDeliveryReceipt),
  };
}

/** The query parameter of a Twilio StatusCallback URL that carries our message id. */
export const twilioStatusMessageParam = 'm';

/**
 * The StatusCallback of one message: the clinic's status URL with our message id. Twilio signs
 * the full URL, query included, so the id cannot be altered by a forger.
 */
export function twilioStatusCallbackFor(statusUrl: string, messageId: string): string {
  return `${statusUrl}?${twilioStatusMessageParam}=${encodeURIComponent(messageId)}`;
}

const webhookPath =
  /^\/api\/webhooks\/(?:whatsapp|twilio|vonage)\/([^/]+)(?:\/(?:inbound|status|delivery-receipt))?$/;

/** The clinic a URL of this deployment's webhooks names, or null for any other URL. */
export function clinicIdOfWebhookUrl(publicUrl: string, url: string): string | null {
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url);
    base = new URL(publicUrl);
  } catch {
    return null;
  }
  const prefix = base.pathname.replace(/\/+$/, '');
  if (parsed.origin !== base.origin || !parsed.pathname.startsWith(prefix)) return null;
  const match = webhookPath.exec(parsed.pathname.slice(prefix.length));
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
