import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// Stripe webhooks (providers.md §11.2): `Stripe-Signature: t=<unix s>,v1=<hex>[,v1=...][,v0=...]`,
// HMAC-SHA256 over `<t>.<raw body>` keyed with the endpoint secret string `whsec_...` as is.

/** Seconds a signature's timestamp may differ from now (Stripe's own default). */
const stripeSignatureToleranceSeconds = 300;

export function computeStripeSignature(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header Stripe sends for a body signed at `timestamp`. */
export function stripeSignatureHeader(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return `t=${timestamp},v1=${computeStripeSignature(secret, timestamp, rawBody)}`;
}

export type StripeSignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'expired' };

const hexEqual = (a: string, b: string) => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Accepts when any `v1` matches under one of the secrets (constant time) and |now - t| <= tolerance.
 * `v0` and unknown schemes are ignored.
 */
export function verifyStripeSignature(input: {
  header: string | string[] | undefined;
  rawBody: Buffer;
  secrets: readonly string[];
  nowSeconds: number;
  toleranceSeconds?: number;
}): StripeSignatureCheck & { secret?: string } {
  const header = Array.isArray(input.header) ? input.header[0] : input.header;
  if (!header) return { ok: false, reason: 'missing' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed' };
  for (const secret of input.secrets) {
    const expected = computeStripeSignature(secret, timestamp, input.rawBody);
    // Every candidate is compared, so the time taken does not say which one matched.
    const matched = signatures.map((candidate) => hexEqual(candidate, expected)).some(Boolean);
    if (!matched) continue;
    const tolerance = input.toleranceSeconds ?? stripeSignatureToleranceSeconds;
    if (Math.abs(input.nowSeconds - timestamp) > tolerance) return { ok: false, reason: 'expired' };
    return { ok: true, timestamp, secret };
  }
  return { ok: false, reason: 'mismatch' };
}

const eventSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('event'),
  type: z.string().min(1).max(255),
  created: z.number().int().optional(),
  livemode: z.boolean().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export type StripeEvent = z.infer<typeof eventSchema>;

/** The event in a verified body, or null when it is not one. */
export function parseStripeEvent(rawBody: Buffer): StripeEvent | null {
  try {
    const parsed = eventSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
