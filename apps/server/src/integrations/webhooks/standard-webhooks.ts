import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks v1 (symmetric; reference/providers.md §7.1): the signed content is
// `{id}.{timestamp}.{body}`, the key the base64-decoded bytes after `whsec_`, the signature
// `v1,` + base64(HMAC-SHA256).

const secretPrefix = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${secretPrefix}${randomBytes(32).toString('base64')}`;
}

function secretKey(secret: string): Buffer {
  if (!secret.startsWith(secretPrefix)) throw new Error('A webhook secret starts with whsec_');
  return Buffer.from(secret.slice(secretPrefix.length), 'base64');
}

/** The `webhook-signature` value for one attempt. */
export function signWebhook(input: { secret: string; id: string; timestamp: number; body: string }): string {
  const signature = createHmac('sha256', secretKey(input.secret))
    .update(`${input.id}.${input.timestamp}.${input.body}`)
    .digest('base64');
  return `v1,${signature}`;
}

/**
 * The three headers of one attempt: the id stays across retries, the timestamp is this attempt's.
 * Each secret signs (Standard Webhooks: signatures separated by spaces): the current one and, for a
 * day after a rotation, the one it replaced, so a receiver holding either accepts the delivery.
 */
export function webhookHeaders(input: {
  secrets: readonly string[];
  id: string;
  timestamp: number;
  body: string;
}): Record<string, string> {
  const { secrets, ...content } = input;
  return {
    'content-type': 'application/json',
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': secrets.map((secret) => signWebhook({ ...content, secret })).join(' '),
  };
}
