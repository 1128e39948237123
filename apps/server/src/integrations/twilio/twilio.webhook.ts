import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Form parameters as received: every name with every value, in any order. */
export type TwilioParams = Record<string, string | readonly string[]>;

/** Reads a raw form body into parameters, keeping repeated names (never trims a value). */
export function readTwilioForm(rawBody: string): TwilioParams {
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(rawBody)) {
    const existing = params[name];
    if (existing === undefined) params[name] = value;
    else params[name] = Array.isArray(existing) ? [...existing, value] : [existing as string, value];
  }
  return params;
}

const valuesOf = (value: string | readonly string[]) => (typeof value === 'string' ? [value] : [...value]);

/**
 * `X-Twilio-Signature` (providers.md §4.5): the full URL Twilio requested, then every POST parameter
 * sorted by name as `name + value` (one pair per value of a repeated name, values sorted), no
 * separators; HMAC-SHA1 keyed with the primary Auth Token; Base64.
 */
export function computeTwilioSignature(url: string, params: TwilioParams, authToken: string): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    for (const value of valuesOf(params[name] as string | readonly string[]).sort()) data += name + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The URL as given, and the same with the default port added or removed (official helpers try
 * both); the rest of the URL, query included, is kept byte for byte.
 */
function urlVariants(url: string): string[] {
  const match = /^(https?):\/\/([^/?#]+)(.*)$/s.exec(url);
  if (!match) return [url];
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  const defaultPort = scheme === 'https' ? ':443' : ':80';
  const hasPort = /:\d+$/.test(authority);
  if (hasPort && !authority.endsWith(defaultPort)) return [url];
  const bare = hasPort ? authority.slice(0, -defaultPort.length) : authority;
  return [url, `${scheme}://${hasPort ? bare : `${bare}${defaultPort}`}${rest}`];
}

/**
 * Checks a webhook's `X-Twilio-Signature` in constant time. `url` is the public URL Twilio called
 * (behind a proxy, rebuild the https:// one). A form POST passes its params; a JSON-bodied webhook
 * (`bodySHA256` in the query) passes its raw body instead, whose hash must match too. A missing
 * header or an empty token is a failure.
 */
export function validateTwilioSignature(input: {
  url: string;
  authToken: string;
  signature: string | string[] | undefined;
  params?: TwilioParams;
  rawBody?: string | Buffer;
}): boolean {
  const signature = Array.isArray(input.signature) ? input.signature[0] : input.signature;
  if (!signature || input.authToken === '') return false;
  let params = input.params ?? {};
  const bodyHash = urlBodyHash(input.url);
  if (bodyHash !== null) {
    if (input.rawBody === undefined) return false;
    const actual = createHash('sha256').update(input.rawBody).digest('hex');
    if (!safeEqual(actual, bodyHash.toLowerCase())) return false;
    params = {};
  }
  return urlVariants(input.url).some((url) =>
    safeEqual(computeTwilioSignature(url, params, input.authToken), signature),
  );
}

function urlBodyHash(url: string): string | null {
  try {
    return new URL(url).searchParams.get('bodySHA256');
  } catch {
    return null;
  }
}

/** "No reply" TwiML for the inbound webhook's answer (`Content-Type: text/xml`). */
export const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

type TwilioInboundMessage = {
  kind: 'message';
  /** `SM...`: the dedup key. */
  messageSid: string;
  accountSid: string;
  messagingServiceSid: string | null;
  /** E.164 (a `whatsapp:` prefix is removed; `channel` says which). */
  from: string;
  to: string;
  channel: 'sms' | 'whatsapp';
  /** Exactly as sent, never trimmed. */
  body: string;
  mediaUrls: string[];
  /** `STOP`/`START`/`HELP`, only with Advanced Opt-Out. */
  optOutType: string | null;
  profileName: string | null;
};

type TwilioStatusUpdate = {
  kind: 'status';
  messageSid: string;
  accountSid: string;
  status: string;
  /** Carrier or Twilio code on `failed`/`undelivered` (e.g. 30003, 21610). */
  errorCode: number | null;
  errorMessage: string | null;
  to: string | null;
};

export type TwilioWebhookEvent = TwilioInboundMessage | TwilioStatusUpdate;

const first = (value: string | readonly string[] | undefined) =>
  value === undefined ? undefined : typeof value === 'string' ? value : value[0];

const sid = z.string().regex(/^[A-Z]{2}[0-9a-fA-F]{32}$/);
const inboundSchema = z.object({
  MessageSid: sid,
  AccountSid: sid,
  From: z.string().min(1),
  To: z.string().min(1),
  Body: z.string().default(''),
  NumMedia: z.string().regex(/^\d+$/).default('0'),
  MessagingServiceSid: z.string().optional(),
  OptOutType: z.string().optional(),
  ProfileName: z.string().optional(),
});
const statusSchema = z.object({
  MessageSid: sid,
  AccountSid: sid,
  MessageStatus: z.string().min(1),
  ErrorCode: z.string().regex(/^\d+$/).optional(),
  ErrorMessage: z.string().optional(),
  To: z.string().optional(),
});

const stripChannel = (address: string) => address.replace(/^whatsapp:/, '');

/**
 * Reads an inbound message or a status callback (already signature-checked); null when the form
 * is neither. A status callback carries `MessageStatus`; an inbound message does not (its
 * `SmsStatus` is `received`).
 */
export function parseTwilioWebhook(params: TwilioParams): TwilioWebhookEvent | null {
  const flat = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, first(value)]));
  // Inbound messages also carry `SmsStatus=received`; only an outbound status is a status update.
  const isInbound = flat.SmsStatus === 'received' || flat.SmsStatus === 'receiving';
  if (flat.MessageStatus !== undefined || (flat.SmsStatus !== undefined && !isInbound)) {
    const parsed = statusSchema.safeParse({ ...flat, MessageStatus: flat.MessageStatus ?? flat.SmsStatus });
    if (!parsed.success) return null;
    const p = parsed.data;
    return {
      kind: 'status',
      messageSid: p.MessageSid,
      accountSid: p.AccountSid,
      status: p.MessageStatus,
      errorCode: p.ErrorCode === undefined ? null : Number(p.ErrorCode),
      errorMessage: p.ErrorMessage ?? null,
      to: p.To === undefined ? null : stripChannel(p.To),
    };
  }
  const parsed = inboundSchema.safeParse(flat);
  if (!parsed.success) return null;
  const p = parsed.data;
  const mediaUrls = Array.from(
    { length: Math.min(Number(p.NumMedia), 10) },
    (_, i) => flat[`MediaUrl${i}`],
  ).filter((url): url is string => typeof url === 'string');
  return {
    kind: 'message',
    messageSid: p.MessageSid,
    accountSid: p.AccountSid,
    messagingServiceSid: p.MessagingServiceSid ?? null,
    from: stripChannel(p.From),
    to: stripChannel(p.To),
    channel: p.From.startsWith('whatsapp:') ? 'whatsapp' : 'sms',
    body: p.Body,
    mediaUrls,
    optOutType: p.OptOutType ?? null,
    profileName: p.ProfileName ?? null,
  };
}

const statusOrder: Record<string, number> = {
  queued: 1,
  accepted: 1,
  scheduled: 1,
  sending: 2,
  sent: 3,
  undelivered: 4,
  failed: 4,
  delivered: 4,
  read: 5,
};

/** Callbacks arrive out of order (§4.4): true when `next` is further than `current`. */
export function isFurtherTwilioStatus(current: string | null, next: string): boolean {
  if (current === null) return true;
  return (statusOrder[next] ?? 0) > (statusOrder[current] ?? 0);
}
